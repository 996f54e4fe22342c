import AppLockCore
import AppLockProtocol

/// The state machine's record of one known application.
struct AppEntry: Equatable, Sendable {
    var state: AppState
    var reason: LockReason
    var owner: String?
    var passcodeKind: PasscodeKind?
    var causes: Set<ObscureCause> = []
    /// When the app last reported `background`, on the boot clock (nil while in the foreground).
    var backgroundSince: BootMicroseconds?
    /// The grace period of the current background spell has run out (trigger applied or ignored).
    var backgroundTriggered = false
    /// The idle limit of the current idle spell has been reached (trigger applied or ignored).
    var idleTriggered = false
    var inhibitorCookies: Set<UInt32> = []
    /// Bumped by every lock or obscure trigger; an attempt that began under an older epoch cannot unlock.
    var lockEpoch: UInt64 = 0
    /// The serial of the passcode attempt in flight.
    var attemptSerial: UInt64?
    /// The attempt in flight, counted as failed before it was verified: what that failure led to, and the app's
    /// ledger record before it (nil: none), to put back when nothing could be verified.
    var countedInAdvance: CountedFailure?
    var policy: Policy

    var hasPasscode: Bool { passcodeKind != nil }
    var inhibited: Bool { !inhibitorCookies.isEmpty }
}

/// A failure counted before its attempt was verified (``AppEntry/countedInAdvance``).
struct CountedFailure: Equatable, Sendable {
    var outcome: FailureOutcome
    var previous: LockoutRecord?
}
