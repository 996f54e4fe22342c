/// The guard's one sentence on itself (``GuardProperty/statement``), in English as it is logged and published:
/// `protecting guarded apps on sway (its IPC answers)`, or `NOT protecting on GNOME 48.7: <detail>`. Stated once
/// here so that the programs that show it in the user's language can take it apart again (``parts(of:desktop:)``).
public enum GuardStatement {
    /// The sentence for a desktop and the detail: how it protects, or what is wrong.
    public static func text(protecting: Bool, on desktop: String, _ detail: String) -> String {
        protecting ? "protecting guarded apps on \(desktop) (\(detail))" : "NOT protecting on \(desktop): \(detail)"
    }

    /// Whether `statement`, made by ``text(protecting:on:_:)`` for `desktop`, says the guard protects, and its detail;
    /// nil for any other sentence.
    public static func parts(of statement: String, desktop: String) -> (protecting: Bool, detail: String)? {
        let notProtecting = "NOT protecting on \(desktop): "
        if statement.hasPrefix(notProtecting) { return (false, String(statement.dropFirst(notProtecting.count))) }
        let protecting = "protecting guarded apps on \(desktop) ("
        if statement.hasPrefix(protecting), statement.hasSuffix(")"), statement.count > protecting.count {
            return (true, String(statement.dropFirst(protecting.count).dropLast()))
        }
        return nil
    }
}
