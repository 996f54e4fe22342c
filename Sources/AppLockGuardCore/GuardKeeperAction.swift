public import AppLockCore
public import AppLockProtocol

/// What the guard's driver carries out for its ``GuardKeeper``, in order.
public enum GuardKeeperAction: Sendable, Equatable {
    /// Ask the agent `GetHeldPolicyChanges`; answer with ``GuardKeeperEvent/heldChanges(generation:_:)``.
    case askHeldChanges(generation: Int)
    /// Ask the agent for the app's properties; answer with ``GuardKeeperEvent/heldPolicy(_:generation:_:)``.
    case askHeldPolicy(AppID, generation: Int)
    /// The backend: the guarded apps changed, which app each window belongs to may have too.
    case guardedAppsReloaded
    /// Write the memory on disk (remove the file when it is empty); answer with
    /// ``GuardKeeperEvent/memoryWritten(_:)`` once written.
    case remember(RememberedHeldChanges)
    /// Say this in the guard's log.
    case log(String)
    /// Send ``GuardKeeperEvent/woke`` at this time (replacing any earlier one); nil: none is needed.
    case wakeAt(Duration?)
    /// Send the desktop notification that these apps cannot be hidden, and why.
    case notifyUnprotected([AppID], GuardReadiness)
    /// The backend: make this shortcut lock every protected app, in place of the one before (nil: none).
    case bindLockAllShortcut(KeyboardShortcut?)
    /// Start a lock window ahead, hidden, for the app.
    case startLockWindowAhead(AppID)
    /// End the app's lock window started ahead.
    case endLockWindowAhead(AppID)
}
