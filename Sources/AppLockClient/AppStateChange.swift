public import AppLockProtocol
import DBusKit

/// One `StateChanged` signal: an app's new state and why.
public struct AppStateChange: Sendable, Hashable {
    /// The app id.
    public let appID: AppID
    /// The new state.
    public let state: AppState
    /// What caused it.
    public let reason: LockReason

    public init(appID: AppID, state: AppState, reason: LockReason) {
        self.appID = appID
        self.state = state
        self.reason = reason
    }

    /// The change a `StateChanged` signal announces; nil for a malformed one. A state this client does not know
    /// reads as `locked` (fail closed).
    init?(_ message: Message) {
        guard let arguments = try? message.arguments(), arguments.count == 3,
              let app = arguments[0].stringValue.flatMap({ try? AppID($0) }),
              let state = arguments[1].stringValue, let reason = arguments[2].stringValue
        else { return nil }
        self.init(appID: app, state: AppState(rawValue: state) ?? .locked, reason: LockReason(rawValue: reason))
    }
}
