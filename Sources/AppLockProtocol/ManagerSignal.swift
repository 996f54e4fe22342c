/// The signals of `io.github.applock.AppLock1.Manager`; the raw value is the D-Bus member name.
public enum ManagerSignal: String, Sendable, CaseIterable, Hashable, CustomStringConvertible {
    /// `(s app_id, s state, s reason)`: subscribe with an `arg0` match on the app id.
    case stateChanged = "StateChanged"
    /// `(s state)`: the desktop session's state.
    case sessionStateChanged = "SessionStateChanged"
    /// `(s app_id, u count, a(tss) attempts)`: the app was unlocked after failed attempts, said once.
    case missedAttemptsReported = "MissedAttemptsReported"
    /// `()`: the agent read the policy files again (`ReloadPolicy`, SIGHUP); the guard reads its guarded apps again.
    case policyReloaded = "PolicyReloaded"

    /// The D-Bus member name.
    public var name: String { rawValue }

    public var description: String { rawValue }

    /// The signal's arguments, in order.
    public var arguments: [ProtocolArgument] {
        switch self {
        case .stateChanged: [ProtocolArgument("app_id", "s"), ProtocolArgument("state", "s"), ProtocolArgument("reason", "s")]
        case .sessionStateChanged: [ProtocolArgument("state", "s")]
        case .missedAttemptsReported:
            [ProtocolArgument("app_id", "s"), ProtocolArgument("count", "u"), ProtocolArgument("attempts", "a(tss)")]
        case .policyReloaded: []
        }
    }

    /// The signal's signature.
    public var signature: String { arguments.map(\.type).joined() }
}
