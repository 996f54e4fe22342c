import AppLockClient

extension PasscodeFlow.Notice {
    /// The notice as the set-up window words it.
    var sentence: String {
        switch self {
        case .mismatch: "The passcodes did not match. Choose a new passcode again."
        case .wrongShape(let problem): problem.description.prefix(1).uppercased() + problem.description.dropFirst() + "."
        case .failed(let error):
            switch error.agentError {
            case .wrongPasscode?: "Wrong passcode."
            case .lockedOut?: "Too many failed attempts. Try again later."
            case .storeUnavailable?: "The keyring is locked or unavailable, so the passcode cannot be saved. " + KeyringAdvice.short
            default: error.description
            }
        }
    }
}
