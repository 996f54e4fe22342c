/// The read-only properties of the guard's status interface (`io.github.applock.Guard1`), which `applockctl status`
/// reads; the raw value is the D-Bus name.
public enum GuardProperty: String, Sendable, CaseIterable, Hashable, CustomStringConvertible {
    /// The desktop the guard runs in (`x11`, `sway`, …).
    case desktop = "Desktop"
    /// Whether the guard can protect apps there.
    case protected = "Protected"
    /// That, in one sentence.
    case statement = "Statement"

    /// The D-Bus property name.
    public var name: String { rawValue }

    public var description: String { rawValue }

    public var contract: PropertyContract {
        switch self {
        case .desktop, .statement: PropertyContract("s")
        case .protected: PropertyContract("b")
        }
    }
}
