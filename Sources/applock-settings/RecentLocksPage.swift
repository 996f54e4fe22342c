import AppLockClient
import AppLockCore
import AppLockProtocol
import Glibc
import GtkKit
import Translation

/// The Recent Locks page: the agent's last locks, unlocks and covers, newest first, with app, reason and time.
@MainActor
final class RecentLocksPage {
    let page = PreferencesPage(title: L("Recent Locks"), iconName: "document-open-recent-symbolic")
    private let group = PreferencesGroup(
        title: L("Recent Locks"), description: L("What AppLock did since it started, newest first"))
    private var shown: [RecentEvent]?
    private let missedGroup = PreferencesGroup(
        title: L("Missed Attempts"), description: L("Failed unlocks of locked apps since they were last unlocked"))
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
                title: agent.running ? L("Nothing locked yet") : L("AppLock is not running"),
                subtitle: agent.running ? L("Locks and unlocks show here as they happen") : L("Start applockd to see its locks")))
            return
        }
        for event in events {
            let name = names[event.app] ?? event.app.rawValue
            let row = ActionRow(
                title: Self.verb(event, name: name),
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
            missedGroup.add(ActionRow(title: L("No failed attempts"), subtitle: L("Failed unlocks of a locked app show here")))
            return
        }
        for app in agent.missedAttempts.keys.sorted() {
            let record = agent.missedAttempts[app]!
            let count = Int(record.count)
            let row = ActionRow(
                title: N("%1$d failed attempt since you last unlocked %2$s", "%1$d failed attempts since you last unlocked %2$s", count, count, names[app] ?? app.rawValue),
                subtitle: record.attempts.map { "\(Self.time($0.time)) \(Self.method($0))" }.joined(separator: ", "))
            row.addPrefix(Image(iconName: "dialog-warning-symbolic"))
            missedGroup.add(row)
        }
    }

    /// How a missed attempt was made, in words.
    static func method(_ attempt: MissedAttempt) -> String {
        switch attempt.outcome {
        case .wrongPasscode: L("wrong passcode")
        case .lockedOut: L("wrong passcode, locked out")
        case .notAuthorized: L("system authentication refused")
        }
    }

    /// "Notes locked": the app's name and what happened to it.
    static func verb(_ event: RecentEvent, name: String) -> String {
        switch event.state {
        case .locked: L("%1$s locked", name)
        case .unlocked: L("%1$s unlocked", name)
        case .obscured: L("%1$s hidden", name)
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
        case "launch": L("App opened or closed")
        case "manual": L("Locked by hand")
        case "session-lock": L("Screen locked")
        case "screensaver": L("Screensaver")
        case "suspend": L("Suspend")
        case "shutdown": L("Shutdown")
        case "idle": L("Idle")
        case "background": L("Hidden")
        case "session-switch": L("User switch")
        case "screen-share": L("Screen shared")
        case "unlock": L("Passcode entered")
        case "foreground": L("Shown again")
        default: reason.rawValue
        }
    }

    /// Local time of day in the locale's format, with the date when it is not today.
    static func time(_ microseconds: UInt64) -> String {
        let seconds = Int(microseconds / 1_000_000)
        return LocalTime.format(unixSeconds: seconds, LocalTime.sameDay(unixSeconds: seconds, Int(Glibc.time(nil))) ? .timeOfDay : .dateAndTime)
    }
}
