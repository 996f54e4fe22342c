import ArgumentParser
import DBusKit
import Foundation

/// `applockctl status [APP]`: the session state and every app, or every property of one app.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the session state and the applications, or every property of one application.",
        discussion: "Says \"applockd is not running\" (exit status 3) when the agent is not running and cannot be started."
    )

    @Argument(help: "An application id, e.g. org.example.Notes.")
    var app: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        if let app { try AppIDCheck.validate(app) }
    }

    func run() throws {
        let client = try AgentClient()
        if let app {
            try showApplication(app, client: client)
        } else {
            try showSession(client: client)
        }
    }

    private func showSession(client: AgentClient) throws(CommandFailure) {
        let properties = try client.managerProperties()
        let apps = try client.listApplications()
        let version = properties.first { $0.0 == "Version" }.map { ValueRendering.text($0.1) } ?? "?"
        let session = properties.first { $0.0 == "SessionState" }.map { ValueRendering.text($0.1) } ?? "?"
        if json {
            Output.json([
                "version": version,
                "sessionState": session,
                "applications": apps.map { ["appId": $0.appId, "state": $0.state, "owner": $0.owner] },
            ])
            return
        }
        Output.line("Session: \(session)")
        Output.line("Agent:   applockd \(version)")
        Output.line("")
        ApplicationTable.print(apps)
    }

    private func showApplication(_ app: String, client: AgentClient) throws(CommandFailure) {
        let properties = try client.applicationProperties(app)
        if json {
            var object: [String: Any] = [:]
            for (name, value) in properties { object[ValueRendering.jsonKey(name)] = ValueRendering.json(value) }
            Output.json(object)
            return
        }
        Output.line(app)
        let shown = properties.filter { $0.0 != "AppId" }
        let width = shown.map(\.0.count).max() ?? 0
        for (name, value) in shown {
            let label = String(repeating: " ", count: width - name.count + 2) + name + ": "
            let lines = Self.describe(name, value)
            Output.line(label + (lines.first ?? ""))
            for more in lines.dropFirst() {
                Output.line(String(repeating: " ", count: label.count) + more)
            }
        }
    }

    /// A property's value for people: yes/no, dates, one policy key per line.
    static func describe(_ name: String, _ value: DBusValue) -> [String] {
        switch (name, value.unwrappingVariants) {
        case (_, .boolean(let flag)):
            return [flag ? "yes" : "no"]
        case ("RetryAfter", .uint64(let micros)):
            return [micros == 0 ? "-" : TimeText.deadline(unixMicroseconds: micros)]
        case ("Policy", .dictionary(_, _, let entries)):
            return entries.map { "\(ValueRendering.text($0.key))=\(ValueRendering.text($0.value))" }
        case (_, let plain):
            let text = ValueRendering.text(plain)
            return [text.isEmpty ? "-" : text]
        }
    }
}
