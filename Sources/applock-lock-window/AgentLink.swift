import AppLockClient
import AppLockCore
import AppLockProtocol
import GtkKit

/// Every call the lock window makes to the agent, in one place, through the client library's
/// ``AppLockConnection``: `Unlock`, `SetPasscode`, `ChangePasscode`, `RemovePasscode`, the app's properties with
/// their changes, and `UnlockWithSystemAuthentication`. The window is not the app's owner: it never registers the
/// app. Every answer is handed to the main thread.
final class AgentLink: Sendable {
    typealias Completion = @MainActor @Sendable (Result<Void, AppLockError>) -> Void

    /// What the link knows of the app: its properties, or why there are none (``AppLockError/agentUnavailable``,
    /// or the agent's `UnknownApplication`).
    typealias PropertiesUpdate = Result<AppProperties, AppLockError>

    /// The answer to `UnlockWithSystemAuthentication`.
    enum SystemAuthenticationAnswer: Sendable, Equatable {
        case unlocked
        /// The agent cannot ask (no polkit agent, the method is missing, or the policy forbids it).
        case unavailable
        /// The user did not authenticate, or another refusal; the sentence to show.
        case refused(String)
    }

    let appID: AppID
    private let connection: AppLockConnection
    private let observations: [AppLockObservation]

    /// Connects to the session bus and follows the app's properties: `onProperties` gets them at once and after
    /// every change.
    init(appID: AppID, onProperties: @escaping @MainActor @Sendable (PropertiesUpdate) -> Void) throws(AppLockError) {
        self.appID = appID
        let connection = try AppLockConnection()
        self.connection = connection
        let publish: @Sendable (PropertiesUpdate) -> Void = { update in MainLoop.post { onProperties(update) } }
        let properties = connection.observeProperties(of: appID) { publish(.success($0)) }
        let agent = connection.observeAgent { present in
            guard present else {
                publish(.failure(.agentUnavailable))
                return
            }
            Task { await Self.read(appID, on: connection, publish) }
        }
        let lost = connection.observeDisconnection { publish(.failure(.agentUnavailable)) }
        observations = [properties, agent, lost]
        Task { await Self.read(appID, on: connection, publish) }
    }

    deinit {
        for observation in observations { observation.cancel() }
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
                case .agent(.systemAuthUnavailable, _), .other(name: "org.freedesktop.DBus.Error.UnknownMethod", _):
                    answer = .unavailable
                case .agent(.notAuthorized, _):
                    answer = .refused("System authentication did not succeed.")
                case .agent(_, let message):
                    answer = .refused(message)
                case .agentUnavailable, .noReply, .closed, .other:
                    answer = .refused("The AppLock agent is not running.")
                }
            }
            MainLoop.post { completion(answer) }
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

    /// Reads the app's properties once: the observation reports only successes, so this says why there are none.
    private static func read(
        _ appID: AppID, on connection: AppLockConnection, _ publish: @Sendable (PropertiesUpdate) -> Void
    ) async {
        do throws(AppLockError) {
            publish(.success(try await connection.properties(of: appID)))
        } catch {
            publish(.failure(error))
        }
    }
}
