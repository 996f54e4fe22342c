import AppLockClient
import AppLockCore
import AppLockProtocol
import GtkKit
import Translation

/// Every call the lock window makes to the agent, in one place, through the client library's
/// ``AppLockConnection``: `Unlock`, `SetPasscode`, `ChangePasscode`, `RemovePasscode`, the app's properties with
/// their changes (followed by the client's ``AppLockRegistrar``), `GetSystemAuthentication` and
/// `UnlockWithSystemAuthentication`. The window is not the app's owner: it never registers the
/// app. Every answer is handed to the main thread.
final class LockWindowAgentCalls: Sendable {
    typealias Completion = @MainActor @Sendable (Result<Void, AppLockError>) -> Void

    /// What the link knows of the app: its properties, or why there are none (``AppLockError/agentUnavailable``,
    /// or the agent's `UnknownApplication`).
    typealias PropertiesUpdate = Result<AppProperties, AppLockError>

    /// The answer to `UnlockWithSystemAuthentication`.
    enum SystemAuthenticationAnswer: Sendable, Equatable {
        case unlocked
        /// The agent cannot ask (no polkit, no authentication agent in the session, the method is missing); the
        /// sentence to show.
        case unavailable(String)
        /// The user did not authenticate, or another refusal; the sentence to show.
        case refused(String)
    }

    let appID: AppID
    private let connection: AppLockConnection
    private let link: AppLockRegistrar

    /// Connects to the session bus and follows the app's properties: `onProperties` gets them at once, after every
    /// change, and why there are none whenever the agent or the bus goes away.
    init(appID: AppID, onProperties: @escaping @MainActor @Sendable (PropertiesUpdate) -> Void) throws(AppLockError) {
        self.appID = appID
        let connection = try AppLockConnection()
        self.connection = connection
        link = AppLockRegistrar(connection: connection) { event in
            guard case .properties(let app, let update) = event, app == appID else { return }
            MainLoop.post { onProperties(update) }
        }
        link.follow(appID)
    }

    deinit {
        link.close()
        connection.close()
    }

    func unlock(_ passcode: PasscodeBytes, completion: @escaping Completion) {
        let (connection, appID, text) = (self.connection, appID, passcode.makeString())
        run(completion) { () async throws(AppLockError) in try await connection.unlock(appID, passcode: text) }
    }

    func setPasscode(_ passcode: PasscodeBytes, kind: PasscodeKind, completion: @escaping Completion) {
        let (connection, appID, text) = (self.connection, appID, passcode.makeString())
        run(completion) { () async throws(AppLockError) in try await connection.setPasscode(appID, text, kind: kind) }
    }

    func changePasscode(
        from old: PasscodeBytes, to new: PasscodeBytes, kind: PasscodeKind, completion: @escaping Completion
    ) {
        let (connection, appID, oldText, newText) = (self.connection, appID, old.makeString(), new.makeString())
        run(completion) { () async throws(AppLockError) in try await connection.changePasscode(appID, from: oldText, to: newText, kind: kind) }
    }

    func removePasscode(_ passcode: PasscodeBytes, completion: @escaping Completion) {
        let (connection, appID, text) = (self.connection, appID, passcode.makeString())
        run(completion) { () async throws(AppLockError) in try await connection.removePasscode(appID, passcode: text) }
    }

    /// Asks the agent to unlock through polkit (the desktop's authentication agent); may take as long as the user.
    func unlockWithSystemAuthentication(completion: @escaping @MainActor @Sendable (SystemAuthenticationAnswer) -> Void) {
        let (connection, appID) = (self.connection, appID)
        Task {
            let answer: SystemAuthenticationAnswer
            do throws(AppLockError) {
                try await connection.unlockWithSystemAuthentication(appID)
                answer = .unlocked
            } catch {
                switch error {
                case .agent(.systemAuthUnavailable, let message):
                    answer = .unavailable(message.isEmpty ? L("System authentication is not available.") : message)
                case .other(name: "org.freedesktop.DBus.Error.UnknownMethod", _):
                    answer = .unavailable(L("System authentication is not available."))
                case .agent(.notAuthorized, _):
                    answer = .refused(L("System authentication did not succeed."))
                case .agent(_, let message):
                    answer = .refused(message)
                case .agentUnavailable, .noReply, .closed, .other:
                    answer = .refused(L("The AppLock agent is not running."))
                }
            }
            MainLoop.post { completion(answer) }
        }
    }

    /// What system authentication would ask of the user (`GetSystemAuthentication`); unavailable when the agent
    /// cannot say (an older agent, no agent).
    func systemAuthentication(completion: @escaping @MainActor @Sendable (SystemAuthenticationMethod) -> Void) {
        let connection = self.connection
        Task {
            let method: SystemAuthenticationMethod
            do throws(AppLockError) {
                method = try await connection.systemAuthentication()
            } catch {
                method = .unavailable("\(error)")
            }
            MainLoop.post { completion(method) }
        }
    }

    private func run(_ completion: @escaping Completion, _ call: @escaping @Sendable () async throws(AppLockError) -> Void) {
        Task {
            let result: Result<Void, AppLockError>
            do throws(AppLockError) {
                try await call()
                result = .success(())
            } catch {
                result = .failure(error)
            }
            MainLoop.post { completion(result) }
        }
    }
}
