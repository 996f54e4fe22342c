import AppLockCore
import AppLockProtocol

/// One `Inhibit` held on an app.
struct Inhibitor: Equatable, Sendable {
    let app: AppID
    let owner: String
    let reason: String
}
