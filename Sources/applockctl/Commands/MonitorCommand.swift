import AppLockClient
import AppLockProtocol
import ArgumentParser
import Dispatch
import Translation

/// `applockctl monitor [APP]`: one line per event as it happens, until interrupted.
struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: L("Print each lock, unlock and session state change as it happens."),
        discussion: Help.text(
            L("One line per event: time, application, state and reason, e.g. \"2025-01-31 14:03:07.123  org.example.Notes  locked  manual\"."),
            L("Session state changes print \"session\" and the new state; applockd starting and stopping print \"applockd started\" / \"applockd stopped\"."),
            L("Runs until interrupted (Ctrl-C); it does not start applockd itself."),
            L("Once subscribed it says so on standard error; events go to standard output."),
        )
    )

    @Argument(help: ArgumentHelp(L("Only this application's events (and the session's).")))
    var app: String?

    @Flag(help: ArgumentHelp(L("Print one JSON object per line instead of text.")))
    var json = false

    func validate() throws {
        if let app { try AppIDArgument.validate(app) }
    }

    func run() throws {
        let app = try self.app.map { try AppIDArgument.parse($0) }
        let agent = try CommandLineAgent()
        let connection = agent.connection
        let json = self.json
        let print: @Sendable (MonitorEvent) -> Void = { event in Output.line(json ? event.json : event.text) }
        let lost = DispatchSemaphore(value: 0)
        let observations = [
            connection.observeStateChanges(of: app) { print(MonitorEvent($0)) },
            connection.observeSessionState { print(MonitorEvent(session: $0)) },
            connection.observeAgent { print(MonitorEvent(agentPresent: $0)) },
            connection.observeDisconnection { lost.signal() },
        ]
        // The subscriptions are in place once the bus has answered a call sent after them.
        try agent.perform(.busRoundTrip)
        Output.error(L("Monitoring applockd on the session bus; press Ctrl-C to stop."))
        lost.wait()
        observations.forEach { $0.cancel() }
        throw CommandFailure(.noSessionBus, L("Lost the connection to the D-Bus session bus."))
    }
}
