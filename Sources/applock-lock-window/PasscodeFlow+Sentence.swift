import AppLockClient
import AppLockCore
import AppLockSetupHelp
import Translation

extension PasscodeFlow {
    /// The prompt of the current step in the user's language (``PasscodeFlow/prompt`` is the library's English).
    var sentence: String {
        switch step {
        case .enterCurrent: purpose == .unlock ? L("Enter passcode") : L("Enter your current passcode")
        case .choose: L("Choose a new passcode")
        case .confirm: L("Enter the new passcode again")
        case .waiting: purpose == .unlock ? L("Checking…") : L("Saving…")
        case .finished:
            switch purpose {
            case .unlock: L("Unlocked.")
            case .set: L("The passcode is set.")
            case .change: L("The passcode is changed.")
            case .remove: L("The passcode is removed.")
            }
        }
    }
}

extension PasscodeFlow.Notice {
    /// The notice as the set-up window words it.
    var sentence: String {
        switch self {
        case .mismatch: L("The passcodes did not match. Choose a new passcode again.")
        case .wrongShape(let problem): problem.sentence
        case .failed(let error):
            switch error.agentError {
            case .wrongPasscode?: L("Wrong passcode.")
            case .lockedOut?: L("Too many failed attempts. Try again later.")
            case .storeUnavailable?: L("The keyring is locked or unavailable, so the passcode cannot be saved.") + " " + KeyringAdvice.short
            default: error.description
            }
        }
    }
}

extension PasscodeRuleError {
    /// Why the passcode is refused, as a sentence in the user's language.
    var sentence: String {
        switch self {
        case .kindNotAllowed: L("This kind of passcode is not allowed by the policy.")
        case .notDigits: L("The passcode may contain only the digits 0 to 9.")
        case .wrongLength(_, let expected): N("The passcode must be exactly %d digit.", "The passcode must be exactly %d digits.", expected)
        case .tooShort(let minimum): N("The passcode must be at least %d character long.", "The passcode must be at least %d characters long.", minimum)
        case .tooLong(let maximum, "digits"): N("The passcode must be at most %d digit.", "The passcode must be at most %d digits.", maximum)
        case .tooLong(let maximum, _): N("The passcode must be at most %d byte.", "The passcode must be at most %d bytes.", maximum)
        case .controlCharacter: L("The passcode must not contain control or invisible formatting characters.")
        case .empty: L("The passcode must not be empty.")
        }
    }
}
