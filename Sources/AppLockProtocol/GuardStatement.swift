/// The guard's one sentence on itself (``GuardProperty/statement``), in English as it is logged and published:
/// `protecting guarded apps on sway (its IPC answers)`, or `NOT protecting on GNOME 48.7: <detail>`. Stated once
/// here so that the programs that show it in the user's language can take it apart again (``parts(of:)``).
public enum GuardStatement {
    static let notProtecting = "NOT protecting on "
    static let protecting = "protecting guarded apps on "

    /// The sentence for a desktop and the detail: how it protects, or what is wrong.
    public static func text(protecting: Bool, on desktop: String, _ detail: String) -> String {
        protecting ? "\(Self.protecting)\(desktop) (\(detail))" : "\(notProtecting)\(desktop): \(detail)"
    }

    /// Whether `statement`, made by ``text(protecting:on:_:)``, says the guard protects, the desktop's name and the
    /// detail; nil for any other sentence. The desktop's name may hold parentheses (`this Wayland desktop (labwc)`),
    /// never `: `; a detail while protecting holds balanced parentheses.
    public static func parts(of statement: String) -> (protecting: Bool, desktop: String, detail: String)? {
        if statement.hasPrefix(notProtecting) {
            let rest = statement.dropFirst(notProtecting.count)
            guard let colon = rest.firstRange(of: ": ") else { return nil }
            return (false, String(rest[..<colon.lowerBound]), String(rest[colon.upperBound...]))
        }
        guard statement.hasPrefix(protecting), statement.hasSuffix(")") else { return nil }
        let rest = statement.dropFirst(protecting.count).dropLast()
        var depth = 0
        var index = rest.endIndex
        while index > rest.startIndex {
            index = rest.index(before: index)
            if rest[index] == ")" { depth += 1 }
            if rest[index] == "(" {
                if depth == 0 { break }
                depth -= 1
            }
        }
        guard rest[index] == "(", rest[..<index].hasSuffix(" ") else { return nil }
        return (true, String(rest[..<rest.index(before: index)]), String(rest[rest.index(after: index)...]))
    }
}
