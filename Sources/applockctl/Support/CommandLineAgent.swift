import AppLockClient
import AppLockProtocol
import AppLockCore
import Translation

/// applockctl's link to applockd: one ``AppLockConnection`` on the session bus, used in its blocking form. Every
/// call names the well-known name, so the bus starts applockd (D-Bus activation) when it is not running; every
/// error becomes a ``CommandFailure`` with its own exit status.
struct CommandLineAgent {
    let connection: AppLockConnection

    init() throws(CommandFailure) {
        do {
            connection = try AppLockConnection(timeout: .seconds(25))
        } catch {
            throw CommandFailure(.noSessionBus, L("Cannot connect to the D-Bus session bus."))
        }
    }

    /// Sends `request` and waits for its answer; `app` is the application it is about, for the messages.
    @discardableResult
    func perform<Value>(_ request: AppLockRequest<Value>, about app: AppID? = nil) throws(CommandFailure) -> Value {
        do {
            return try connection.performBlocking(request)
        } catch {
            throw ErrorTranslator.failure(for: error, app: app) { appID in
                try? connection.performBlocking(.properties(of: appID))
            }
        }
    }
}
