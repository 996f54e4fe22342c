/// One row of `ListApplications`.
public struct ApplicationListing: Sendable, Hashable {
    /// The app id.
    public let appID: String
    /// Its state (`unlocked`, `obscured`, `locked`).
    public let state: AppLockState
    /// The unique bus name of the connection that registered it, "" when none did.
    public let owner: String

    public init(appID: String, state: AppLockState, owner: String) {
        self.appID = appID
        self.state = state
        self.owner = owner
    }
}
