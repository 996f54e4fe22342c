/// Which Manager call a passcode attempt belongs to.
public enum AttemptPurpose: Equatable, Sendable {
    case unlock
    case change
    case remove
}
