public import AppLockCore
public import AppLockProtocol

/// The held `Guard`, `BackgroundWhen` and `HideNotifications` changes the guard last learnt from the agent
/// (`GetHeldPolicyChanges`), kept on disk (`$XDG_STATE_HOME/applock/guard-held`, mode 0600) so that a guard started
/// while the agent is down keeps guarding those apps with their authenticated rule, and keeps their notifications
/// private. It is only ever a reason to keep protecting: an app it names is guarded with the stricter of its rule and
/// the files', and an app it does not name is as the files say. Pure.
///
/// Format (UTF-8 lines): `applock-guard-held 1`, then `guard <app-id> <minimised|unfocused>` and
/// `hide-notifications <app-id>` lines. A `guard` line whose rule cannot be read keeps its app with the strictest
/// rule; a line whose app id cannot be read is skipped.
public struct RememberedHeldChanges: Equatable, Sendable {
    static let header = "applock-guard-held 1"

    /// The held apps the guard keeps guarding, with their rule.
    public var rules: [AppID: BackgroundRule]
    /// The held apps whose notifications stay private.
    public var hidingNotifications: Set<AppID>

    public init(rules: [AppID: BackgroundRule] = [:], hidingNotifications: Set<AppID> = []) {
        self.rules = rules
        self.hidingNotifications = hidingNotifications
    }

    public var isEmpty: Bool { rules.isEmpty && hidingNotifications.isEmpty }

    /// The file's text.
    public func encoded() -> String {
        let guarded = rules.sorted { $0.key < $1.key }.map { "guard \($0.key.rawValue) \($0.value.rawValue)\n" }
        let hiding = hidingNotifications.sorted().map { "hide-notifications \($0.rawValue)\n" }
        return ([Self.header + "\n"] + guarded + hiding).joined()
    }

    /// What a file's text remembers.
    public static func decode(_ text: String) -> RememberedHeldChanges {
        var remembered = RememberedHeldChanges()
        for line in text.split(separator: "\n") where line != header {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count >= 2, let app = try? AppID(fields[1]) else { continue }
            switch fields[0] {
            case "guard": remembered.rules[app] = fields.count == 3 ? BackgroundRule(keyFileValue: fields[2]) ?? .unfocused : .unfocused
            case "hide-notifications": remembered.hidingNotifications.insert(app)
            default: continue
            }
        }
        return remembered
    }

    /// The guarded apps: the files' rules, with each held (or remembered) app added or made stricter, never dropped.
    public static func guarding(_ files: [AppID: BackgroundRule], _ held: [AppID: BackgroundRule]) -> [AppID: BackgroundRule] {
        files.merging(held) { file, held in file == .unfocused || held == .unfocused ? .unfocused : .minimised }
    }
}
