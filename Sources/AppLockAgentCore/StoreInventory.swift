import AppLockCore
public import AppLockProtocol

/// What the agent knows about which apps have a stored passcode. When listing
/// the store at startup failed (keyring locked or missing), the inventory is
/// incomplete: an app that registers is looked up first, so that it never comes
/// up unlocked only because its passcode was not known yet. Pure: the agent asks it whether to wait for the store
/// before a registration and tells it what the look-ups found and who left meanwhile.
public struct StoreInventory: Sendable, Equatable {
    /// The whole store was listed; every app with a passcode is known to the core.
    public var isComplete = false
    /// A full listing is running on a worker.
    public var isReloading = false
    /// Whether the agent already subscribed to peers leaving for pending registrations.
    public var watchesPeers = false
    /// Apps looked up one by one since startup while the inventory was incomplete.
    private var checked: Set<AppID> = []
    /// Registrations waiting for a look-up, per caller.
    private var pending: [String: Int] = [:]
    /// Callers that left the bus while a registration of theirs was waiting.
    private var departed: Set<String> = []

    public init() {}

    /// Whether a registration of `app` must wait for a look-up in the store first: the inventory is incomplete, the
    /// app was not looked up yet, and the core does not already know it has a passcode.
    public func mustLookUp(_ app: AppID, knownToHavePasscode: Bool) -> Bool {
        !knownToHavePasscode && !isKnown(app)
    }

    /// Whether registering `app` may go ahead without asking the store.
    public func isKnown(_ app: AppID) -> Bool {
        isComplete || checked.contains(app)
    }

    public mutating func markChecked(_ app: AppID) {
        checked.insert(app)
    }

    public mutating func lookupStarted(by owner: String) {
        pending[owner, default: 0] += 1
    }

    /// Ends one waiting registration of `owner`; returns false when `owner` left the bus meanwhile.
    public mutating func lookupEnded(by owner: String) -> Bool {
        let left = departed.contains(owner)
        let count = (pending[owner] ?? 1) - 1
        if count <= 0 {
            pending[owner] = nil
            departed.remove(owner)
        } else {
            pending[owner] = count
        }
        return !left
    }

    public mutating func peerLeft(_ uniqueName: String) {
        if pending[uniqueName] != nil { departed.insert(uniqueName) }
    }
}
