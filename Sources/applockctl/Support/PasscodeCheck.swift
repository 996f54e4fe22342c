import AppLockProtocol
import AppLockCore
import DBusKit

/// Checks before a prompt, so that nobody types a passcode for a call that cannot succeed.
enum PasscodeCheck {
    /// Fails (NoPasscode, UnknownApplication, agent not running) unless `app` has a passcode.
    static func requirePasscode(_ app: String, client: AgentClient) throws(CommandFailure) {
        let hasPasscode = try client.applicationProperty(app, "HasPasscode").boolValue ?? true
        if !hasPasscode {
            throw ErrorTranslator.failure(for: DBusError(name: AppLockBusNames.errorPrefix + "NoPasscode", message: ""), app: app)
        }
    }

    /// Fails (PasscodeExists, agent not running) when `app` already has a passcode; an unknown app is fine.
    static func requireNoPasscode(_ app: String, client: AgentClient) throws(CommandFailure) {
        let hasPasscode: Bool
        do {
            hasPasscode = try client.applicationProperty(app, "HasPasscode").boolValue ?? false
        } catch where error.status == .unknownApplication {
            return
        }
        if hasPasscode {
            throw ErrorTranslator.failure(for: DBusError(name: AppLockBusNames.errorPrefix + "PasscodeExists", message: ""), app: app)
        }
    }
}
