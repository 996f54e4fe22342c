import AppLockClient
import AppLockProtocol

/// Checks before a prompt, so that nobody types a passcode for a call that cannot succeed.
enum PasscodeCheck {
    /// Fails (NoPasscode, UnknownApplication, agent not running) unless `app` has a passcode; returns its properties.
    @discardableResult
    static func requirePasscode(_ app: AppID, agent: CommandLineAgent) throws(CommandFailure) -> AppProperties {
        let properties = try agent.perform(.properties(of: app), about: app)
        if !properties.hasPasscode {
            throw ErrorTranslator.failure(for: .agent(.noPasscode, message: ""), app: app)
        }
        return properties
    }

    /// Fails (PasscodeExists, agent not running) when `app` already has a passcode; an unknown app is fine.
    static func requireNoPasscode(_ app: AppID, agent: CommandLineAgent) throws(CommandFailure) {
        let hasPasscode: Bool
        do {
            hasPasscode = try agent.perform(.properties(of: app), about: app).hasPasscode
        } catch where error.status == .unknownApplication {
            return
        }
        if hasPasscode {
            throw ErrorTranslator.failure(for: .agent(.passcodeExists, message: ""), app: app)
        }
    }
}
