public import AppLockProtocol

/// Persistent storage of passcode hashes. Calls block; the agent makes them from worker threads.
public protocol PasscodeStore: Sendable {
    /// The stored passcode of `app`, or nil when it has none.
    func lookup(_ app: AppID) throws(PasscodeStoreError) -> StoredPasscode?
    /// Stores (or replaces) the passcode of `app`.
    func store(_ passcode: StoredPasscode, for app: AppID) throws(PasscodeStoreError)
    /// Deletes the passcode of `app`; no error when there is none.
    func remove(_ app: AppID) throws(PasscodeStoreError)
    /// The stored AppLock passcode (shared by the apps that use it), or nil when none is set.
    func lookupShared() throws(PasscodeStoreError) -> StoredPasscode?
    /// Stores (or replaces) the AppLock passcode.
    func storeShared(_ passcode: StoredPasscode) throws(PasscodeStoreError)
    /// Deletes the AppLock passcode; no error when there is none.
    func removeShared() throws(PasscodeStoreError)
    /// Every application with a stored passcode of its own and its kind.
    func storedApps() throws(PasscodeStoreError) -> [AppID: PasscodeKind]
}
