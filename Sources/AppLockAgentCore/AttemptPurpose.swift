/// Which Manager call a passcode attempt belongs to.
public enum AttemptPurpose: Equatable, Sendable {
    case unlock
    case change
    case remove
    /// ConfirmPolicy: the passcode authenticates a weakening of the app's policy held by the agent.
    case confirmPolicy
    /// SwitchToSharedPasscode: the app's own passcode, proven, gives way to the AppLock passcode in one step.
    case switchToShared
}
