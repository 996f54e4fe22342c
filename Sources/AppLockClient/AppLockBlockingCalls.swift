public import AppLockCore
public import AppLockProtocol

/// The blocking form of ``AppLockConnection``'s calls (`connection.blocking.unlock(…)`): each blocks the calling
/// thread until the reply. Never use it from an observation handler.
public struct AppLockBlockingCalls: Sendable {
    /// The connection the calls go through.
    public let connection: AppLockConnection

    /// Registers `appID` as the connection's.
    public func register(_ appID: AppID) throws(AppLockError) { try connection.performBlocking(.register(appID)) }
    /// Ends the connection's registration of `appID`.
    public func unregister(_ appID: AppID) throws(AppLockError) { try connection.performBlocking(.unregister(appID)) }
    /// Reports the app's windows shown or hidden (owner only).
    public func reportActivity(_ appID: AppID, _ activity: Activity) throws(AppLockError) {
        try connection.performBlocking(.reportActivity(appID, activity))
    }
    /// Locks the app now.
    public func lock(_ appID: AppID) throws(AppLockError) { try connection.performBlocking(.lock(appID)) }
    /// Locks every known app.
    public func lockAll() throws(AppLockError) { try connection.performBlocking(.lockAll) }
    /// Verifies `passcode` and unlocks the app.
    public func unlock(_ appID: AppID, passcode: String) throws(AppLockError) {
        try connection.performBlocking(.unlock(appID, passcode: passcode))
    }
    /// Sets the app's first passcode.
    public func setPasscode(_ appID: AppID, _ passcode: String, kind: PasscodeKind) throws(AppLockError) {
        try connection.performBlocking(.setPasscode(appID, passcode, kind: kind))
    }
    /// Replaces the app's passcode.
    public func changePasscode(_ appID: AppID, from old: String, to new: String, kind: PasscodeKind) throws(AppLockError) {
        try connection.performBlocking(.changePasscode(appID, from: old, to: new, kind: kind))
    }
    /// Removes the app's passcode.
    public func removePasscode(_ appID: AppID, passcode: String) throws(AppLockError) {
        try connection.performBlocking(.removePasscode(appID, passcode: passcode))
    }
    /// Holds an inhibitor on the app; returns its cookie.
    public func inhibit(_ appID: AppID, reason: String) throws(AppLockError) -> UInt32 {
        try connection.performBlocking(.inhibit(appID, reason: reason))
    }
    /// Releases an inhibitor.
    public func uninhibit(cookie: UInt32) throws(AppLockError) { try connection.performBlocking(.uninhibit(cookie: cookie)) }
    /// The object path of a known app.
    public func applicationPath(_ appID: AppID) throws(AppLockError) -> String {
        try connection.performBlocking(.applicationPath(appID))
    }
    /// Every known app.
    public func listApplications() throws(AppLockError) -> [ApplicationListing] {
        try connection.performBlocking(.listApplications)
    }
    /// The app's properties.
    public func properties(of appID: AppID) throws(AppLockError) -> AppProperties {
        try connection.performBlocking(.properties(of: appID))
    }
    /// The desktop session's state.
    public func recentEvents() throws(AppLockError) -> [RecentEvent] { try connection.performBlocking(.recentEvents) }

    public func sessionState() throws(AppLockError) -> SessionState { try connection.performBlocking(.sessionState) }
    /// Returns once the bus has handled everything sent before on this connection (subscriptions included).
    public func busRoundTrip() throws(AppLockError) { try connection.performBlocking(.busRoundTrip) }
    /// The agent's version.
    public func version() throws(AppLockError) -> String { try connection.performBlocking(.version) }
}
