/// A failure of the passcode store (e.g. the Secret Service is missing or locked).
public enum PasscodeStoreError: Error, Equatable, Sendable {
    case unavailable(String)
}
