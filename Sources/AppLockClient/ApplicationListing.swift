public import AppLockProtocol

/// One row of `ListApplications`.
public struct ApplicationListing: Sendable, Hashable {
    /// The app id.
    public let appID: AppID
    /// Its state (`unlocked`, `obscured`, `locked`).
    public let state: AppState
    /// The unique bus name of the connection that registered it, "" when none did.
    public let owner: String

    public init(appID: AppID, state: AppState, owner: String) {
        self.appID = appID
        self.state = state
        self.owner = owner
    }
}
