import AppLockClient
import AppLockCore
import AppLockProtocol
import GtkKit
import Translation

/// Every call the lock window makes to the agent, in one place, through the client library's
/// ``AppLockConnection``: `Unlock`, `SetPasscode`, `ChangePasscode`, `RemovePasscode`, the AppLock passcode's
/// methods, `SwitchToSharedPasscode` and `SharedPasscodeKind` (for the set-up window), the app's properties with
/// their changes (followed by the client's ``AppLockRegistrar``), `GetSystemAuthentication` and
/// `UnlockWithSystemAuthentication`. The window is not the app's owner: it never registers the
/// app. A call goes from the main thread to the connection's thread, and its answer straight back to the main thread.
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

    /// The app; nil for the set-up window of the AppLock passcode itself, which follows no app.
    let appID: AppID?
    private let connection: AppLockConnection
    private let link: AppLockRegistrar

    /// Connects to the session bus and follows the app's properties: `onProperties` gets them at once, after every
    /// change, and why there are none whenever the agent or the bus goes away.
    init(appID: AppID?, onProperties: @escaping @MainActor @Sendable (PropertiesUpdate) -> Void) throws(AppLockError) {
        self.appID = appID
        let connection = try AppLockConnection()
        self.connection = connection
        link = AppLockRegistrar(connection: connection) { event in
            guard case .properties(let app, let update) = event, app == appID else { return }
            MainLoop.post { onProperties(update) }
        }
        if let appID { link.follow(appID) }
    }

    deinit {
        link.close()
        connection.close()
    }

    /// Sends the passcode screen's `request`: its passcodes become strings only for the message that carries them
    /// (the bytes stay the flow's or the view's, which wipe them). One hop to the connection's thread, one back.
    @MainActor
    func send(_ request: PasscodeFlow.Request, completion: @escaping Completion) {
        guard let appID else { return completion(.failure(.closed)) }
        perform(request.call(for: appID), completion)
    }

    /// Sends a set-up window's `request` to the methods of `target` (see ``SetupTarget``); where it takes two calls,
    /// the second goes once the first succeeded. The passcodes become strings only in the messages, made here.
    @MainActor
    func send(_ request: PasscodeFlow.Request, for target: SetupTarget, completion: @escaping Completion) {
        let calls: [AppLockRequest<Void>]
        switch (target, request, appID) {
        case (.app, _, _):
            return send(request, completion: completion)
        case (.shared, .set(let passcode, let kind), _):
            calls = [.setSharedPasscode(passcode.makeString(), kind: kind)]
        case (.shared, .change(let old, let new, let kind), _):
            calls = [.changeSharedPasscode(from: old.makeString(), to: new.makeString(), kind: kind)]
        case (.shared, .remove(let passcode), _):
            calls = [.removeSharedPasscode(passcode: passcode.makeString())]
        case (.sharedForApp, .set(let passcode, let kind), let appID?):
            calls = [.setSharedPasscode(passcode.makeString(), kind: kind), .useSharedPasscode(appID)]
        case (.switchToShared, .remove(let passcode), let appID?):
            calls = [.switchToSharedPasscode(appID, passcode: passcode.makeString())]
        case (.shared, .unlock, _), (.sharedForApp, _, _), (.switchToShared, _, _):
            return completion(.failure(.closed))
        }
        performInTurn(calls, completion)
    }

    /// `UseSharedPasscode`: the app, without a passcode, uses the AppLock passcode from now on.
    @MainActor
    func useSharedPasscode(completion: @escaping Completion) {
        guard let appID else { return completion(.failure(.closed)) }
        perform(.useSharedPasscode(appID), completion)
    }

    /// The manager's `SharedPasscodeKind`: nil while no AppLock passcode is set (or the agent does not say).
    func sharedPasscodeKind(completion: @escaping @MainActor @Sendable (PasscodeKind?) -> Void) {
        perform(.sharedPasscodeKind) { result in completion((try? result.get()) ?? nil) }
    }

    /// Sends `calls` one after the other, each once the one before succeeded; the first failure ends it.
    @MainActor
    private func performInTurn(_ calls: [AppLockRequest<Void>], _ completion: @escaping Completion) {
        guard let first = calls.first else { return completion(.success(())) }
        perform(first) { [weak self] result in
            guard let self, case .success = result else { return completion(result) }
            self.performInTurn(Array(calls.dropFirst()), completion)
        }
    }

    /// Asks the agent to unlock through polkit (the desktop's authentication agent); may take as long as the user.
    @MainActor
    func unlockWithSystemAuthentication(completion: @escaping @MainActor @Sendable (SystemAuthenticationAnswer) -> Void) {
        guard let appID else { return completion(.refused(L("The AppLock agent is not running."))) }
        perform(.unlockWithSystemAuthentication(appID)) { result in
            switch result {
            case .success:
                completion(.unlocked)
            case .failure(.agent(.systemAuthUnavailable, let message)):
                completion(.unavailable(message.isEmpty ? L("System authentication is not available.") : message))
            case .failure(.other(name: "org.freedesktop.DBus.Error.UnknownMethod", _)):
                completion(.unavailable(L("System authentication is not available.")))
            case .failure(.agent(.notAuthorized, _)):
                completion(.refused(L("System authentication did not succeed.")))
            case .failure(.agent(_, let message)):
                completion(.refused(message))
            case .failure(.agentUnavailable), .failure(.noReply), .failure(.closed), .failure(.other):
                completion(.refused(L("The AppLock agent is not running.")))
            }
        }
    }

    /// What system authentication would ask of the user (`GetSystemAuthentication`); unavailable when the agent
    /// cannot say (an older agent, no agent).
    func systemAuthentication(completion: @escaping @MainActor @Sendable (SystemAuthenticationMethod) -> Void) {
        perform(.systemAuthentication) { result in
            switch result {
            case .success(let method): completion(method)
            case .failure(let error): completion(.unavailable("\(error)"))
            }
        }
    }

    /// Sends `request` from the connection's thread and hands its answer straight to the main thread.
    private func perform<Value: Sendable>(
        _ request: AppLockRequest<Value>, _ completion: @escaping @MainActor @Sendable (Result<Value, AppLockError>) -> Void
    ) {
        connection.perform(request) { result in MainLoop.post { completion(result) } }
    }
}
