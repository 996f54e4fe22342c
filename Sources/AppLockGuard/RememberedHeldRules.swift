public import AppLockCore
public import AppLockProtocol

/// The held `Guard`/`BackgroundWhen` changes the guard last learnt from the agent (`GetHeldPolicyChanges`), kept on
/// disk (`$XDG_STATE_HOME/applock/guard-held`, mode 0600) so that a guard started while the agent is down keeps
/// guarding those apps with their authenticated rule. It is only ever a reason to keep guarding: an app it names is
/// guarded with the stricter of its rule and the files', and an app it does not name is as the files say. Pure.
///
/// Format (UTF-8 lines): `applock-guard-held 1`, then one `<app-id> <minimised|unfocused>` per app. A line whose rule
/// cannot be read keeps its app with the strictest rule; a line whose app id cannot be read is skipped.
public enum RememberedHeldRules {
    static let header = "applock-guard-held 1"

    /// The file's text for `rules`.
    public static func encoded(_ rules: [AppID: BackgroundRule]) -> String {
        rules.sorted { $0.key < $1.key }.reduce(header + "\n") { text, rule in
            text + "\(rule.key.rawValue) \(rule.value.rawValue)\n"
        }
    }

    /// The rules a file's text names.
    public static func decode(_ text: String) -> [AppID: BackgroundRule] {
        var rules: [AppID: BackgroundRule] = [:]
        for line in text.split(separator: "\n") where line != header {
            let fields = line.split(separator: " ")
            guard let first = fields.first, let app = try? AppID(String(first)) else { continue }
            rules[app] = fields.count == 2 ? BackgroundRule(keyFileValue: String(fields[1])) ?? .unfocused : .unfocused
        }
        return rules
    }

    /// The guarded apps: the files' rules, with each held (or remembered) app added or made stricter, never dropped.
    public static func guarding(_ files: [AppID: BackgroundRule], _ held: [AppID: BackgroundRule]) -> [AppID: BackgroundRule] {
        files.merging(held) { file, held in file == .unfocused || held == .unfocused ? .unfocused : .minimised }
    }
}
