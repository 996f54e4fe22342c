import Translation

/// The labels of `applockctl status`'s first lines (`Session: active`), padded to one width in the user's language.
enum StatusLabel: CaseIterable {
    case session, agent, `guard`

    var text: String {
        switch self {
        // TRANSLATORS: a label in `applockctl status`: the desktop session's state follows.
        case .session: L("Session:")
        // TRANSLATORS: a label in `applockctl status`: the agent's name and version follow.
        case .agent: L("Agent:")
        // TRANSLATORS: a label in `applockctl status`: what applock-guard says of itself follows.
        case .guard: L("Guard:")
        }
    }

    /// The width of the widest label and a space.
    static var width: Int { allCases.map(\.text.count).max()! + 1 }

    /// Spaces as wide as a label, for the lines under one.
    static var indent: String { String(repeating: " ", count: width) }

    /// A policy change the agent holds until it is authenticated, and the command that confirms it.
    static func heldChange(of app: some CustomStringConvertible, keys: [String]) -> String {
        L("%1$s: policy change waiting for authentication (%2$s) — applockctl policy confirm %1$s", app, keys.joined(separator: ", "))
    }

    /// The label, padded, then `value`.
    func line(_ value: String) -> String { text + String(repeating: " ", count: Self.width - text.count) + value }
}
