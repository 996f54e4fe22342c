/// The read-only properties of `io.github.applock.AppLock1.Manager`; the raw value is the D-Bus name.
public enum ManagerProperty: String, Sendable, CaseIterable, Hashable, CustomStringConvertible {
    /// The agent's version.
    case version = "Version"
    /// The desktop session's state, as `SessionStateChanged`.
    case sessionState = "SessionState"
    /// The object paths of every known app; a change is announced as invalidated.
    case applications = "Applications"
    /// Whether the screen is being shared or recorded, as far as the agent was told (`ReportScreenShare`).
    case screenShared = "ScreenShared"
    /// The kind of the AppLock passcode, `""` while none is set.
    case sharedPasscodeKind = "SharedPasscodeKind"

    /// The D-Bus property name.
    public var name: String { rawValue }

    public var description: String { rawValue }

    public var contract: PropertyContract {
        switch self {
        case .version: PropertyContract("s")
        case .sessionState: PropertyContract("s")
        case .applications: PropertyContract("ao", changeSignal: .invalidates)
        case .screenShared: PropertyContract("b")
        case .sharedPasscodeKind: PropertyContract("s")
        }
    }
}
