public import AppLockCore

/// The answer to a finished passcode attempt.
public enum AttemptAnswer: Equatable, Sendable {
    /// Unlock succeeded (the app is `unlocked`, or `obscured` while obscure causes remain).
    case unlocked
    /// Change or Remove: the old passcode was right; the agent goes on to store or remove.
    case verified
    /// The passcode was right but a lock arrived while verifying: the app stays locked (counts still reset).
    case verifiedButRelocked
    case wrongPasscode(attemptsLeft: UInt32)
    case lockedOut(seconds: UInt64)
    case storeUnavailable
    /// The app lost its passcode (or the ticket was stale) while verifying; nothing changed.
    case noPasscode
    /// The keyring item was removed or replaced outside AppLock: nothing changed, the app stays as it was.
    case passcodeTampered

    /// The error to answer the D-Bus call with, nil for success. `storeMessage` explains `storeUnavailable`.
    public func error(storeMessage: String = "the Secret Service is missing or locked") -> ManagerError? {
        switch self {
        case .unlocked, .verified, .verifiedButRelocked: nil
        case .wrongPasscode(let left): .wrongPasscode(attemptsLeft: left)
        case .lockedOut(let seconds): .lockedOut(seconds: seconds)
        case .storeUnavailable: .storeUnavailable(storeMessage)
        case .noPasscode: .noPasscode
        case .passcodeTampered: .passcodeTampered
        }
    }
}
