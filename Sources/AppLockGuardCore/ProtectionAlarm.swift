import AppLockCore
public import AppLockProtocol

/// When the guard tells the user, with one desktop notification, that it cannot hide guarded apps. Pure: the
/// driver feeds it each ``GuardReadiness`` and guarded-app set with the time, and carries out its ``Decision``.
///
/// An episode runs from the moment the guard stops protecting (or starts without protecting) until it protects
/// again, and raises one notification while some app is guarded (nothing is exposed otherwise): at once for a
/// named fault (the extension disabled, the compositor gone), and for `waiting` only once it has lasted
/// ``patience`` (so that a guard or a Shell starting up, answered within it, raises none). A new episode that begins
/// within ``quietPeriod`` of the last notification is told when that period ends, if it still lasts: a desktop side
/// that comes and goes is not a flood of notifications.
public struct ProtectionAlarm: Sendable {
    /// How long the guard may wait for the desktop's first answer before it tells the user: within the 2 s allowed.
    public static let patience = Duration.milliseconds(1000)
    /// The shortest time between two notifications.
    public static let quietPeriod = Duration.seconds(30)

    /// What the driver does now.
    public enum Decision: Sendable, Equatable {
        /// Nothing, and no call back is needed.
        case nothing
        /// Call ``update(_:guardedApps:now:)`` again at this time.
        case wakeAt(Duration)
        /// Send the notification naming these apps (sorted).
        case notify([AppID])
    }

    private var episodeStart: Duration?
    private var notified = false
    private var lastNotification: Duration?

    public init() {}

    /// The guard's readiness and the guarded apps now; call on every change of either and at each `wakeAt`.
    public mutating func update(_ readiness: GuardReadiness, guardedApps: Set<AppID>, now: Duration) -> Decision {
        guard !readiness.isProtecting, readiness.reason != .noDisplay else {
            episodeStart = nil
            notified = false
            return .nothing
        }
        let start = episodeStart ?? now
        episodeStart = start
        guard !notified, !guardedApps.isEmpty else { return .nothing }
        var due = readiness.reason == .waiting ? start + Self.patience : start
        if let lastNotification { due = max(due, lastNotification + Self.quietPeriod) }
        guard now >= due else { return .wakeAt(due) }
        notified = true
        lastNotification = now
        return .notify(guardedApps.sorted())
    }
}
