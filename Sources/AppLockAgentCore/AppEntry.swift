import AppLockCore
import AppLockProtocol

/// The state machine's record of one known application.
///
/// The apps table holds one inline in each of its buckets, and 1000 apps take 2048 buckets, so the entry is kept
/// small: a passcode attempt in flight, which an app seldom has, is kept in a table of its own (``AttemptInFlight``),
/// and the fields run from the widest to the narrowest, so that the one-byte ones share a word instead of each being
/// padded to eight (docs/performance.md: 128 bytes instead of 208).
struct AppEntry: Equatable, Sendable {
    var reason: LockReason
    var owner: String?
    var causes: Set<ObscureCause> = []
    var inhibitorCookies: Set<UInt32> = []
    /// Bumped by every lock or obscure trigger; an attempt that began under an older epoch cannot unlock.
    var lockEpoch: UInt64 = 0
    /// When the app last reported `background`, on the boot clock (nil while in the foreground).
    var backgroundSince: BootMicroseconds?
    var state: AppState
    var passcodeKind: PasscodeKind?
    /// The grace period of the current background spell has run out (trigger applied or ignored).
    var backgroundTriggered = false
    /// The idle limit of the current idle spell has been reached (trigger applied or ignored).
    var idleTriggered = false
    var policy: Policy

    init(state: AppState, reason: LockReason, owner: String?, passcodeKind: PasscodeKind?, policy: Policy) {
        self.state = state
        self.reason = reason
        self.owner = owner
        self.passcodeKind = passcodeKind
        self.policy = policy
    }

    var hasPasscode: Bool { passcodeKind != nil }
    var inhibited: Bool { !inhibitorCookies.isEmpty }
}

/// The passcode attempt being verified for one app (an app has at most one at a time).
struct AttemptInFlight: Equatable, Sendable {
    /// The attempt's serial, as its ``AttemptTicket`` carries it.
    var serial: UInt64
    /// Whose passcode it tries.
    var holder: PasscodeHolder
    /// The attempt, counted as failed before it was verified: what that failure led to, and the app's ledger record
    /// before it (nil: none), to put back when nothing could be verified.
    var countedInAdvance: CountedFailure?
}

/// A failure counted before its attempt was verified (``AttemptInFlight/countedInAdvance``).
struct CountedFailure: Equatable, Sendable {
    var outcome: FailureOutcome
    var previous: LockoutRecord?
}
