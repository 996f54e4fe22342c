import AppLockClient
import AppLockCore
import AppLockProtocol
import Glibc
import GtkKit

/// The Recent Locks page: the agent's last locks, unlocks and covers, newest first, with app, reason and time.
@MainActor
final class RecentLocksPage {
    let page = PreferencesPage(title: "Recent Locks", iconName: "document-open-recent-symbolic")
    private let group = PreferencesGroup(
        title: "Recent Locks", description: "What AppLock did since it started, newest first")
    private var shown: [RecentEvent]?
    private let missedGroup = PreferencesGroup(
        title: "Missed Attempts", description: "Failed unlocks of locked apps since they were last unlocked")
    private var shownMissed: [AppID: MissedAttemptLog.Record]?
    private let names: [AppID: String]

    /// `names` gives an app's name by id (the id is shown for others).
    init(names: [AppID: String]) {
        self.names = names
        page.add(missedGroup)
        page.add(group)
    }

    func refresh(_ agent: AgentView) {
        refreshMissedAttempts(agent)
        let events = Array(agent.recentEvents.reversed())
        guard events != shown else { return }
        shown = events
        group.removeAll()
        if events.isEmpty {
            group.add(ActionRow(
                title: agent.running ? "Nothing locked yet" : "AppLock is not running",
                subtitle: agent.running ? "Locks and unlocks show here as they happen" : "Start applockd to see its locks"))
            return
        }
        for event in events {
            let name = names[event.app] ?? event.app.rawValue
            let row = ActionRow(
                title: "\(name) \(Self.verb(event))",
                subtitle: "\(Self.reason(event.reason)) · \(Self.time(event.time))")
            row.addPrefix(Image(iconName: Self.icon(event)))
            group.add(row)
        }
    }

    private func refreshMissedAttempts(_ agent: AgentView) {
        guard agent.missedAttempts != shownMissed else { return }
        shownMissed = agent.missedAttempts
        missedGroup.removeAll()
        if agent.missedAttempts.isEmpty {
            missedGroup.add(ActionRow(title: "No failed attempts", subtitle: "Failed unlocks of a locked app show here"))
            return
        }
        for app in agent.missedAttempts.keys.sorted() {
            let record = agent.missedAttempts[app]!
            let noun = record.count == 1 ? "failed attempt" : "failed attempts"
            let row = ActionRow(
                title: "\(record.count) \(noun) since you last unlocked \(names[app] ?? app.rawValue)",
                subtitle: record.attempts.map { "\(Self.time($0.time)) \(Self.method($0))" }.joined(separator: ", "))
            row.addPrefix(Image(iconName: "dialog-warning-symbolic"))
            missedGroup.add(row)
        }
    }

    /// How a missed attempt was made, in words.
    static func method(_ attempt: MissedAttempt) -> String {
        switch attempt.outcome {
        case .wrongPasscode: "wrong passcode"
        case .lockedOut: "wrong passcode, locked out"
        case .notAuthorized: "system authentication refused"
        }
    }

    static func verb(_ event: RecentEvent) -> String {
        switch event.state {
        case .locked: "locked"
        case .unlocked: "unlocked"
        case .obscured: "hidden"
        }
    }

    static func icon(_ event: RecentEvent) -> String {
        switch event.state {
        case .locked: "changes-prevent-symbolic"
        case .unlocked: "changes-allow-symbolic"
        case .obscured: "view-conceal-symbolic"
        }
    }

    /// The reason in words.
    static func reason(_ reason: LockReason) -> String {
        switch reason.rawValue {
        case "launch": "App opened or closed"
        case "manual": "Locked by hand"
        case "session-lock": "Screen locked"
        case "screensaver": "Screensaver"
        case "suspend": "Suspend"
        case "shutdown": "Shutdown"
        case "idle": "Idle"
        case "background": "Hidden"
        case "session-switch": "User switch"
        case "screen-share": "Screen shared"
        case "unlock": "Passcode entered"
        case "foreground": "Shown again"
        default: reason.rawValue
        }
    }

    /// Local time of day, with the date when it is not today.
    static func time(_ microseconds: UInt64) -> String {
        var seconds = time_t(microseconds / 1_000_000)
        var now = Glibc.time(nil)
        var moment = tm()
        var today = tm()
        localtime_r(&seconds, &moment)
        localtime_r(&now, &today)
        let format = moment.tm_yday == today.tm_yday && moment.tm_year == today.tm_year ? "%H:%M:%S" : "%Y-%m-%d %H:%M"
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, format, &moment)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
