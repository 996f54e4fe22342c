import AppLockClient
import AppLockCore
import SystemKit

/// Every call the guard makes to the agent, in one place, through the project's client (``AppLockConnection``)
/// opened on the guard's own event loop: follow the agent's presence, register an app as its owner and follow its
/// `StateChanged`, read its state, report activity. Every answer and signal reaches the given handlers on the
/// loop's thread, between the guard's other work (the X connection, the compositor's IPC); none on another thread.
final class GuardAgentLink {
    private let loop: EventLoop
    private let connection: AppLockConnection
    private var stateObservations: [AppID: AppLockObservation] = [:]
    private var observations: [AppLockObservation] = []

    /// Connects to the session bus on `loop` (call it on the loop's thread).
    init(loop: EventLoop) throws(AppLockError) {
        self.loop = loop
        connection = try AppLockConnection(loop: loop, timeout: .seconds(10))
    }

    /// Calls `handler` with whether the agent is on the bus now, then on every arrival (true) or departure (false).
    func watchAgent(_ handler: @escaping (Bool) -> Void) {
        let handler = LoopBound(handler, loop: loop)
        observations.append(connection.observeAgent(reportingCurrent: true) { present in handler.value(present) })
    }

    /// Calls `handler` once if this link's connection to the bus is lost.
    func watchDisconnection(_ handler: @escaping () -> Void) {
        let handler = LoopBound(handler, loop: loop)
        observations.append(connection.observeDisconnection { handler.value() })
    }

    /// Subscribes to the app's `StateChanged` (arg0 match), registers it with the guard as owner, then reads its
    /// state. `registered` gets the answer; `state` gets the state read and every change after it.
    func register(_ app: AppID, registered: @escaping (Bool, String?) -> Void, state: @escaping (AppState) -> Void) {
        let registered = LoopBound(registered, loop: loop)
        let state = LoopBound(state, loop: loop)
        if stateObservations[app] == nil {
            stateObservations[app] = connection.observeStateChanges(of: app.rawValue) { change in
                guard let new = AppState(rawValue: change.state.rawValue) else { return }
                state.value(new)
            }
        }
        let connection = self.connection
        connection.perform(.register(app.rawValue)) { result in
            switch result {
            case .success:
                registered.value(true, nil)
                connection.perform(.properties(of: app.rawValue)) { result in
                    guard case .success(let properties) = result, let new = AppState(rawValue: properties.state.rawValue)
                    else { return }
                    state.value(new)
                }
            case .failure(let error):
                registered.value(false, error.description)
            }
        }
    }

    /// Ends the registration and the app's subscription.
    func unregister(_ app: AppID) {
        stateObservations.removeValue(forKey: app)?.cancel()
        connection.perform(.unregister(app.rawValue)) { _ in }
    }

    /// `ReportActivity(app, activity)`; failures are the agent's to log.
    func reportActivity(_ app: AppID, _ activity: Activity) {
        connection.perform(.reportActivity(app.rawValue, activity)) { _ in }
    }
}

@available(*, unavailable) extension GuardAgentLink: Sendable {}
