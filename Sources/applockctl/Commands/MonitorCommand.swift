import AppLockProtocol
import AppLockCore
import ArgumentParser
import DBusKit
import Foundation

/// `applockctl monitor [APP]`: one line per event as it happens, until interrupted.
struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Print each lock, unlock and session state change as it happens.",
        discussion: """
            One line per event: time, application, state and reason, e.g. \
            "2025-01-31 14:03:07.123  org.example.Notes  locked  manual". Session state changes print \
            "session" and the new state; applockd starting and stopping print "applockd started" / "applockd \
            stopped". Runs until interrupted (Ctrl-C); it does not start applockd itself. Once subscribed it says \
            so on standard error; events go to standard output.
            """
    )

    @Argument(help: "Only this application's events (and the session's).")
    var app: String?

    @Flag(help: "Print one JSON object per line instead of text.")
    var json = false

    func validate() throws {
        if let app { try AppIDCheck.validate(app) }
    }

    func run() throws {
        let client = try AgentClient()
        let connection = client.connection
        do {
            let manager = try ObjectPath(AppLockBusNames.managerPath)
            let agent = AppLockBusNames.busName
            let interface = AppLockBusNames.managerInterface
            connection.addMatch(MatchRule(sender: agent, path: manager, interface: interface, member: "StateChanged", arg0: app))
            connection.addMatch(MatchRule(sender: agent, path: manager, interface: interface, member: "SessionStateChanged"))
            connection.addMatch(MatchRule(sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus",
                                          member: "NameOwnerChanged", arg0: agent))
            connection.flush()
            Output.error("Monitoring applockd on the session bus; press Ctrl-C to stop.")
            while true {
                guard let signal = try connection.nextSignal(timeout: .seconds(3600)) else { continue }
                if let event = MonitorEvent(signal, app: app) {
                    Output.line(json ? event.json : event.text)
                }
            }
        } catch let error as DBusError {
            throw ErrorTranslator.failure(for: error, app: app)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.noSessionBus, "Lost the connection to the D-Bus session bus (\(error)).")
        }
    }
}
