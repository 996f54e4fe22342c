public import AppLockProtocol

/// What a system authentication (polkit) is asked for: each purpose is its own polkit action and Manager method.
public enum SystemAuthPurpose: String, Sendable, CaseIterable {
    /// `UnlockWithSystemAuthentication`: unlock the app.
    case unlock
    /// `ResetPasscode`: remove a forgotten passcode and its lock-out record.
    case resetPasscode
    /// `ResetSharedPasscode`: remove the forgotten AppLock passcode and its lock-out record (the reset action too).
    case resetSharedPasscode
    /// `ConfirmPolicyWithSystemAuthentication`: apply the weakening of the app's policy the agent holds.
    case confirmPolicy

    /// The polkit action id, as declared in `data/io.github.applock.policy`.
    public var actionID: String {
        switch self {
        case .unlock: "io.github.applock.unlock"
        case .resetPasscode, .resetSharedPasscode: "io.github.applock.reset-passcode"
        case .confirmPolicy: "io.github.applock.change-protection"
        }
    }

    /// The Manager method that asks for it.
    public var method: ManagerMethod {
        switch self {
        case .unlock: .unlockWithSystemAuthentication
        case .resetPasscode: .resetPasscode
        case .resetSharedPasscode: .resetSharedPasscode
        case .confirmPolicy: .confirmPolicyWithSystemAuthentication
        }
    }
}
