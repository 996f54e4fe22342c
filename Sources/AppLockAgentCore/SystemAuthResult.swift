public import AppLockCore

/// The core's answer to the end of a system authentication: actions to carry out, and the caller's answer
/// (nil: success — for `ResetPasscode`, the passcode may now be removed from the store).
public struct SystemAuthResult: Equatable, Sendable {
    public let actions: [AgentAction]
    public let error: ManagerError?
}
