public import AppLockProtocol

/// A window the guard has found to be a guarded app's: what `applockctl status APP` lists.
public struct MatchedWindow: Sendable, Equatable {
    public let window: GuardWindowID
    public let app: AppID
    /// How it is covered now; nil while it is not.
    public let cover: CoverKind?

    public init(window: GuardWindowID, app: AppID, cover: CoverKind?) {
        self.window = window
        self.app = app
        self.cover = cover
    }
}
