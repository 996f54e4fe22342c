/// The `[Mandatory]` key by which the administrator limits one policy key; the stricter of the two values wins
/// (``PolicyStrictness``).
public struct MandatoryKey: Equatable, Sendable {
    /// Which apps the administrator's value applies to.
    public enum Scope: Equatable, Sendable {
        /// Every app: the value has the policy key's type.
        case everyApp
        /// The apps the value lists (a list of app ids): for them the policy key's strictest value holds.
        case listedApps
    }

    /// The key's name in `[Mandatory]`, as files spell it.
    public let name: String
    public let scope: Scope
    /// The numbers the administrator may give (number keys).
    public let range: ClosedRange<UInt32>
    /// What the administrator's value does, in a few words.
    public let explanation: String

    public init(_ name: String, scope: Scope = .everyApp, range: ClosedRange<UInt32> = 0...UInt32.max, _ explanation: String) {
        self.name = name
        self.scope = scope
        self.range = range
        self.explanation = explanation
    }
}
