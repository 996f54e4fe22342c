import AppLockClient
import AppLockProtocol
import AppLockCore
import DBusKit
import Dispatch
import GtkKit

/// Every call the lock window makes to the agent, in one place: `Unlock`, `UnlockWithSystemAuthentication`,
/// `SetPasscode`, `ChangePasscode`, `RemovePasscode`, and the app's properties with their changes. The window is
/// not the app's owner: it never registers the app. The link runs its bus connection on a thread of its own and
/// hands every answer to the main thread.
final class AgentLink: Sendable {
    typealias Completion = @MainActor @Sendable (Result<Void, AppLockError>) -> Void

    /// The answer to `UnlockWithSystemAuthentication`.
    enum SystemAuthenticationAnswer: Sendable, Equatable {
        case unlocked
        /// The agent cannot ask (no polkit agent, the method is missing, or the policy forbids it).
        case unavailable
        /// The user did not authenticate, or another refusal; the sentence to show.
        case refused(String)
    }

    let appID: String
    private let loop: EventLoop
    private let core: Core

    /// Connects to the session bus and follows the app's properties: `onProperties` gets them at once and after
    /// every change, nil while the agent is not there or does not know the app.
    init(appID: String, onProperties: @escaping @MainActor @Sendable (AppProperties?) -> Void) throws {
        self.appID = appID
        let loop = try EventLoop()
        let core = Core(appID: appID, loop: loop, onProperties: onProperties)
        self.loop = loop
        self.core = core
        DispatchQueue(label: "AgentLink").async { loop.run() }
        loop.post { core.connect() }
    }

    deinit {
        let core = self.core
        let loop = self.loop
        loop.post {
            core.close()
            loop.stop()
        }
    }

    func unlock(_ passcode: PasscodeBytes, completion: @escaping Completion) {
        call("Unlock", [.string(appID), .string(passcode.makeString())], completion)
    }

    func setPasscode(_ passcode: PasscodeBytes, kind: PasscodeKind, completion: @escaping Completion) {
        call("SetPasscode", [.string(appID), .string(passcode.makeString()), .string(kind.rawValue)], completion)
    }

    func changePasscode(
        from old: PasscodeBytes, to new: PasscodeBytes, kind: PasscodeKind, completion: @escaping Completion
    ) {
        call(
            "ChangePasscode", [.string(appID), .string(old.makeString()), .string(new.makeString()), .string(kind.rawValue)],
            completion)
    }

    func removePasscode(_ passcode: PasscodeBytes, completion: @escaping Completion) {
        call("RemovePasscode", [.string(appID), .string(passcode.makeString())], completion)
    }

    /// Asks the agent to unlock through polkit (the desktop's authentication agent); may take as long as the user.
    func unlockWithSystemAuthentication(completion: @escaping @MainActor @Sendable (SystemAuthenticationAnswer) -> Void) {
        let core = self.core
        let arguments: [DBusValue] = [.string(appID)]
        loop.post {
            core.call("UnlockWithSystemAuthentication", arguments, timeout: .seconds(600)) { result in
                let answer: SystemAuthenticationAnswer
                switch result {
                case .success: answer = .unlocked
                case .failure(let error):
                    switch error.name {
                    case "org.freedesktop.DBus.Error.UnknownMethod", AppLockBusNames.errorPrefix + "SystemAuthUnavailable":
                        answer = .unavailable
                    case AppLockBusNames.errorPrefix + "NotAuthorized":
                        answer = .refused("System authentication did not succeed.")
                    default:
                        answer = .refused(Self.error(from: error).description)
                    }
                }
                MainLoop.post { completion(answer) }
            }
        }
    }

    private func call(_ member: String, _ arguments: [DBusValue], _ completion: @escaping Completion) {
        let core = self.core
        loop.post {
            core.call(member, arguments, timeout: .seconds(60)) { result in
                let outcome = result.map { _ in () }.mapError(Self.error(from:))
                MainLoop.post { completion(outcome) }
            }
        }
    }

    /// The agent's error reply as the client library's error (read by name, never from the text).
    static func error(from error: DBusError) -> AppLockError {
        if let agentError = AgentError(dbusName: error.name) { return .agent(agentError, message: error.message) }
        return error.name.hasPrefix("org.freedesktop.DBus.Error.")
            ? .agentUnavailable : .other(name: error.name, message: error.message)
    }

    /// The connection and its subscriptions; every member is touched on the link's loop thread only.
    private final class Core: @unchecked Sendable {
        let appID: String
        let loop: EventLoop
        let onProperties: @MainActor @Sendable (AppProperties?) -> Void
        private let appPath: ObjectPath
        private var connection: Connection?
        private var retry: TimerHandle?
        private var closed = false

        init(appID: String, loop: EventLoop, onProperties: @escaping @MainActor @Sendable (AppProperties?) -> Void) {
            self.appID = appID
            self.loop = loop
            self.onProperties = onProperties
            appPath = (try? ObjectPath(AppLockBusNames.applicationPath(for: appID))) ?? (try! ObjectPath("/"))
        }

        func connect() {
            guard !closed, connection == nil else { return }
            guard let connection = try? Connection.session(loop: loop) else {
                publish(nil)
                retryLater()
                return
            }
            self.connection = connection
            connection.onDisconnected = { [weak self] in
                self?.connection = nil
                self?.publish(nil)
                self?.retryLater()
            }
            _ = connection.addMatch(MatchRule(
                sender: AppLockBusNames.busName, path: appPath, interface: StandardInterfaces.properties,
                member: "PropertiesChanged", arg0: AppLockBusNames.applicationInterface
            )) { [weak self] _ in self?.refresh() }
            _ = connection.watchNameOwner(AppLockBusNames.busName) { [weak self] _, newOwner in
                newOwner.isEmpty ? self?.publish(nil) : self?.refresh()
            }
            refresh()
        }

        func close() {
            closed = true
            connection?.close()
            connection = nil
        }

        func call(
            _ member: String, _ arguments: [DBusValue], path: ObjectPath? = nil, interface: String? = nil,
            timeout: Duration, reply: @escaping (Result<Message, DBusError>) -> Void
        ) {
            guard let connection,
                  let message = try? Message.methodCall(
                    destination: AppLockBusNames.busName,
                    path: path ?? (try! ObjectPath(AppLockBusNames.managerPath)),
                    interface: interface ?? AppLockBusNames.managerInterface, member: member, arguments: arguments)
            else {
                reply(.failure(.disconnected))
                return
            }
            connection.call(message, timeout: timeout, reply: reply)
        }

        private func refresh() {
            call(
                "GetAll", [.string(AppLockBusNames.applicationInterface)], path: appPath,
                interface: StandardInterfaces.properties, timeout: .seconds(10)
            ) { [weak self] result in
                switch result {
                case .success(let reply):
                    let entries = (try? reply.arguments())?.first?.dictionaryValue
                    self?.publish(entries.map(AppProperties.init))
                case .failure:
                    self?.publish(nil)
                }
            }
        }

        private func publish(_ properties: AppProperties?) {
            let handler = onProperties
            MainLoop.post { handler(properties) }
        }

        private func retryLater() {
            guard !closed, retry == nil else { return }
            retry = loop.schedule(at: .after(.seconds(1))) { [weak self] in
                self?.retry = nil
                self?.connect()
            }
        }
    }
}
