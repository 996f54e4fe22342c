import AppLockClient
import AppLockProtocol
import AppLockSetupHelp
import ArgumentParser
import Glibc
import Translation

/// `applockctl status [APP]`: the session state and every app, or every property of one app.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: L("Show the session state and the applications, or every property of one application."),
        discussion: Help.text(
            L("Says \"applockd is not running\" (exit status 3) when the agent is not running and cannot be started."),
            L("With an application, also lists its windows that applock-guard has matched now, and how each is covered."),
            L("The Guard line says whether applock-guard can hide guarded apps on this desktop now, and if not why and what to do; then the exit status is 19 (also with --json), so that scripts can test it."),
        )
    )

    @Argument(help: ArgumentHelp(L("An application id, e.g. org.example.Notes; its status ends with the failed attempts since it was last unlocked.")))
    var app: String?

    @Flag(help: ArgumentHelp(L("Print JSON instead of text.")))
    var json = false

    func validate() throws {
        if let app { try AppIDArgument.validate(app) }
    }

    func run() throws {
        let app = try self.app.map { try AppIDArgument.parse($0) }
        let agent = try CommandLineAgent()
        if let app {
            try showApplication(app, agent: agent)
        } else {
            try showSession(agent: agent)
        }
    }

    private func showSession(agent: CommandLineAgent) throws(CommandFailure) {
        let version = try agent.perform(.version)
        let session = try agent.perform(.sessionState).rawValue
        let apps = try agent.perform(.listApplications).sorted { $0.appID < $1.appID }
        let held = try agent.perform(.heldPolicyChanges)
        let sharedKind = try agent.perform(.sharedPasscodeKind)
        // Guarded apps the agent has no object for yet: not running and without a passcode.
        let known = Set(apps.map(\.appID))
        let waiting = PolicyFileCommands.policiesInForce().guardedApps.subtracting(known).sorted()
        let guardLine = GuardStatusLine(connection: agent.connection)
        defer { if !guardLine.isProtecting { Glibc.exit(ExitStatus.guardNotProtecting.rawValue) } }
        if json {
            Output.json([
                "version": version,
                "sessionState": session,
                "sharedPasscodeKind": sharedKind?.rawValue ?? "",
                "applications": apps.map(ApplicationTable.json),
                "guard": guardLine.json,
                "heldPolicyChanges": Dictionary(uniqueKeysWithValues: held.map { ($0.key.rawValue, $0.value) }),
                "guardedNotRunning": waiting.map(\.rawValue),
            ] as [String: Any])
            return
        }
        Output.line(StatusLabel.session.line(StateText.session(session)))
        Output.line(StatusLabel.agent.line("applockd \(version)"))
        for line in guardLine.lines { Output.line(line) }
        if let sharedKind {
            // TRANSLATORS: in `applockctl status`; the passcode kind (four-digit, six-digit, numeric, alphanumeric) follows.
            Output.line(L("The AppLock passcode is set (%1$s).", sharedKind.rawValue))
        }
        Output.line("")
        if !apps.isEmpty || waiting.isEmpty { ApplicationTable.print(apps) }
        if !waiting.isEmpty {
            if !apps.isEmpty { Output.line("") }
            Output.line(L("Guarded, not running, no passcode yet: %1$s", waiting.map(\.rawValue).joined(separator: ", ")))
        }
        if !held.isEmpty { Output.line("") }
        for app in held.keys.sorted() {
            Output.line(StatusLabel.heldChange(of: app, keys: held[app]!))
        }
    }

    private func showApplication(_ app: AppID, agent: CommandLineAgent) throws(CommandFailure) {
        let properties: AppProperties
        do {
            properties = try agent.perform(.properties(of: app), about: app)
        } catch where error.status == .unknownApplication
            && PolicyFileCommands.policiesInForce().guardedApps.contains(app)
        {
            showGuardedNotRunning(app)
            return
        }
        let missed = try agent.perform(.missedAttempts(app), about: app)
        let guardReport = try? agent.connection.performBlocking(.guardReport)
        let windows = guardReport?.windows.filter { $0.app == app.rawValue } ?? []
        if json {
            var object: [String: Any] = [:]
            for property in ApplicationProperty.allCases {
                object[PropertyRendering.jsonKey(property.name)] = PropertyRendering.json(property, of: properties)
            }
            object["missedAttempts"] = MissedAttemptText.json(missed)
            if guardReport != nil {
                object["guardWindows"] = windows.map { ["window": $0.window, "cover": $0.cover] }
            }
            Output.json(object)
            return
        }
        Output.line(app.rawValue)
        let shown = ApplicationProperty.allCases.filter { $0 != .appID }
        let width = shown.map(\.name.count).max() ?? 0
        for property in shown {
            let label = String(repeating: " ", count: width - property.name.count + 2) + property.name + ": "
            let lines = PropertyRendering.lines(property, of: properties)
            Output.line(label + (lines.first ?? ""))
            for more in lines.dropFirst() {
                Output.line(String(repeating: " ", count: label.count) + more)
            }
        }
        Output.line("")
        Output.line(MissedAttemptText.sentence(missed, app: app))
        Output.line(Self.windowsSentence(windows, guardRuns: guardReport != nil))
    }

    /// The app's windows the guard has matched now, with how each is covered.
    static func windowsSentence(_ windows: [GuardReport.Window], guardRuns: Bool) -> String {
        guard guardRuns else { return L("applock-guard is not running: no window is matched.") }
        guard !windows.isEmpty else { return L("applock-guard has matched no window of it now.") }
        let listed = windows.map {
            $0.cover.isEmpty ? L("%1$s (uncovered)", $0.window) : L("%1$s (covered, %2$s)", $0.window, $0.cover)
        }
        return L("applock-guard has matched its windows %1$s.", listed.joined(separator: ", "))
    }

    /// A guarded app the agent has no object for: it is not running and has no passcode yet.
    private func showGuardedNotRunning(_ app: AppID) {
        if json {
            Output.json(["appId": app.rawValue, "guarded": true, "running": false, "hasPasscode": false] as [String: Any])
            return
        }
        Output.line(app.rawValue)
        Output.line("  " + L("Guarded: yes, not running, no passcode yet: set one with `applockctl set-passcode %1$s`.", app))
    }
}
