import AppLockCore

/// What the agent knows about which apps have a stored passcode. When listing
/// the store at startup failed (keyring locked or missing), the inventory is
/// incomplete: an app that registers is looked up first, so that it never comes
/// up unlocked only because its passcode was not known yet.
struct StoreInventory {
    /// The whole store was listed; every app with a passcode is known to the core.
    var isComplete = false
    /// A full listing is running on a worker.
    var isReloading = false
    /// Whether the agent already subscribed to peers leaving for pending registrations.
    var watchesPeers = false
    /// Apps looked up one by one since startup while the inventory was incomplete.
    private var checked: Set<AppID> = []
    /// Registrations waiting for a look-up, per caller.
    private var pending: [String: Int] = [:]
    /// Callers that left the bus while a registration of theirs was waiting.
    private var departed: Set<String> = []

    /// Whether registering `app` may go ahead without asking the store.
    func isKnown(_ app: AppID) -> Bool {
        isComplete || checked.contains(app)
    }

    mutating func markChecked(_ app: AppID) {
        checked.insert(app)
    }

    mutating func lookupStarted(by owner: String) {
        pending[owner, default: 0] += 1
    }

    /// Ends one waiting registration of `owner`; returns false when `owner` left the bus meanwhile.
    mutating func lookupEnded(by owner: String) -> Bool {
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

    mutating func peerLeft(_ uniqueName: String) {
        if pending[uniqueName] != nil { departed.insert(uniqueName) }
    }
}
