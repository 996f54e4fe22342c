import AppLockClient
import AppLockProtocol
import Dispatch
import GtkKit

/// Reads the agent once a second through the one client, off the main thread, and hands each new
/// ``AgentView`` to the main loop. Reading never starts the agent (the bus is asked whether it runs first).
final class AgentMonitor: Sendable {
    let connection: AppLockConnection
    private let queue = DispatchQueue(label: "AgentMonitor")

    init(connection: AppLockConnection) {
        self.connection = connection
    }

    /// Reads the agent now and calls `handler` on the main thread with what it says.
    func read(_ handler: @escaping @MainActor @Sendable (AgentView) -> Void) {
        let connection = self.connection
        queue.async {
            let view = Self.view(of: connection)
            MainLoop.post { handler(view) }
        }
    }

    /// Runs `work` off the main thread, in order with the reads.
    func perform(_ work: @escaping @Sendable (AppLockConnection) -> Void) {
        let connection = self.connection
        queue.async { work(connection) }
    }

    private static func view(of connection: AppLockConnection) -> AgentView {
        var view = AgentView()
        view.guardReport = try? connection.performBlocking(.guardReport)
        guard (try? connection.performBlocking(.processID(ofBusName: AppLockBusNames.busName))) != nil,
              let listed = try? connection.blocking.listApplications()
        else { return view }
        view.running = true
        for app in listed {
            if let properties = try? connection.blocking.properties(of: app.appID) { view.apps[app.appID] = properties }
            if let missed = try? connection.performBlocking(.missedAttempts(app.appID)), missed.count > 0 {
                view.missedAttempts[app.appID] = missed
            }
        }
        view.recentEvents = (try? connection.blocking.recentEvents()) ?? []
        view.heldPolicyChanges = (try? connection.performBlocking(.heldPolicyChanges)) ?? [:]
        view.sharedPasscodeKind = (try? connection.performBlocking(.sharedPasscodeKind)) ?? nil
        return view
    }
}
