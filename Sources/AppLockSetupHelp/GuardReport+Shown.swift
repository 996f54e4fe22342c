import AppLockProtocol
import Translation

extension GuardReport {
    /// The guard's statement (``GuardStatement``, English on the bus and in its log) in the user's language: the
    /// sentence's frame, the desktop's name and the detail, each translated where the catalogue has it.
    public static func shownStatement(_ statement: String) -> String {
        guard let (protecting, desktop, detail) = GuardStatement.parts(of: statement) else {
            return shownPhrase(statement)
        }
        return protecting
            // TRANSLATORS: the guard's statement; %1$s is the desktop (e.g. "sway"), %2$s how it hides guarded apps.
            ? L("protecting guarded apps on %1$s (%2$s)", shownPhrase(desktop), shownPhrase(detail))
            // TRANSLATORS: the guard's statement; %1$s is the desktop (e.g. "GNOME 48.7"), %2$s what is wrong.
            : L("NOT protecting on %1$s: %2$s", shownPhrase(desktop), shownPhrase(detail))
    }

    /// One of the guard's phrases (a detail, a fix, a desktop's name), marked with `N_` where the guard makes it, in
    /// the user's language: its translation, or for a phrase ending in a value in parentheses (`the AppLock extension
    /// is disabled (DISABLED)`, `sway's IPC has gone (…)`), the translation of the words before it with the value
    /// kept. A phrase the catalogue does not have stays as it is.
    public static func shownPhrase(_ phrase: String) -> String {
        let whole = translated(phrase)
        guard whole == phrase, phrase.hasSuffix(")"), let open = phrase.ranges(of: " (").last else {
            return whole
        }
        return translated(String(phrase[..<open.lowerBound])) + phrase[open.lowerBound...]
    }
}
