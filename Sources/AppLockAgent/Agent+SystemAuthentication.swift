import AppLockAgentCore
import AppLockCore
import AppLockProtocol
import DBusKit
import Logging
import SystemKit

/// `UnlockWithSystemAuthentication`, `ResetPasscode`, `ResetSharedPasscode` and `ConfirmPolicyWithSystemAuthentication`. The core decides
/// who may ask and what polkit's answer does; here the caller's process is identified on the session bus, polkit is
/// asked on the system bus (asynchronously: the loop serves everyone else while the user authenticates), and the
/// answer is applied. A lock that arrives meanwhile, or the caller leaving, cancels the check
/// (`.cancelSystemAuthentication`).
extension Agent {
    func unlockWithSystemAuthentication(_ call: MethodInvocation) {
        authenticate(call, for: .unlock)
    }

    func resetPasscode(_ call: MethodInvocation) {
        authenticate(call, for: .resetPasscode)
    }

    func confirmPolicyWithSystemAuthentication(_ call: MethodInvocation) {
        authenticate(call, for: .confirmPolicy)
    }

    /// ResetSharedPasscode: polkit's reset action removes the forgotten AppLock passcode itself.
    func resetSharedPasscode(_ call: MethodInvocation) {
        let ticket: SystemAuthTicket
        do throws(ManagerError) {
            ticket = try machine.beginSharedPasscodeReset(caller: call.sender, now: now())
        } catch {
            logger.notice("\(ManagerMethod.resetSharedPasscode.name) refused",
                          metadata: ["caller": "\(call.sender)", "error": "\(error.agentError)"])
            return call.fail(error.dbusError)
        }
        askPolkit(call, ticket)
    }

    /// `GetSystemAuthentication`: whether polkit answers on its bus and, if so, whether fprintd has prints enrolled
    /// for the user there (the desktop's dialog then takes a finger), so that a window names what will happen.
    func getSystemAuthentication(_ call: MethodInvocation) {
        polkit.reach { [unowned self] problem in
            func reply(_ method: SystemAuthenticationMethod) {
                call.reply([.string(method.wireName), .string(method.reason)])
            }
            if let problem { return reply(.unavailable(problem)) }
            polkit.hasEnrolledFingers { enrolled in reply(enrolled ? .fingerprintOrPassword : .password) }
        }
    }

    /// Carries out `.cancelSystemAuthentication`: polkit stops asking, the caller hears `Interrupted`.
    func cancelSystemAuthentication(_ ticket: SystemAuthTicket) {
        guard let entry = pendingSystemAuthentications.end(ticket) else { return }
        if entry.checkSent { polkit.cancel(Self.cancellationID(ticket)) }
        logger.info("system authentication cancelled: a lock arrived or the caller left",
                    metadata: Self.metadata(ticket, entry.process))
        entry.call.fail(ManagerError.interrupted.dbusError)
    }

    private func authenticate(_ call: MethodInvocation, for purpose: SystemAuthPurpose) {
        guard let app = appArgument(call) else { return }
        // A confirmation reads the files first (a reload may lock an app, which must not cancel a ticket not yet
        // handed out). polkit is asked with no details: it refuses them from a caller that is not root, so the app
        // and the keys are AppLock's to show in its own windows and messages.
        let policyAsked = purpose == .confirmPolicy ? policyToConfirm(app) : nil
        let ticket: SystemAuthTicket
        do throws(ManagerError) {
            ticket = try machine.beginSystemAuthentication(app, purpose: purpose, caller: call.sender, now: now())
        } catch {
            logger.notice("\(purpose.method.name) refused",
                          metadata: ["app": "\(app)", "caller": "\(call.sender)", "error": "\(error.agentError)"])
            return call.fail(error.dbusError)
        }
        askPolkit(call, ticket, policyAsked: policyAsked)
    }

    /// Identifies the caller's process and asks polkit for `ticket`'s action; its answer comes to `finish`.
    private func askPolkit(_ call: MethodInvocation, _ ticket: SystemAuthTicket, policyAsked: Policy? = nil) {
        let purpose = ticket.purpose
        pendingSystemAuthentications.begin(ticket, call, policyAsked: policyAsked)
        identifyCaller(call.sender) { [unowned self] process in
            guard pendingSystemAuthentications.isPending(ticket) else { return }
            guard let process else {
                return finish(ticket, .notAuthorized("the calling process could not be identified"))
            }
            pendingSystemAuthentications.identified(ticket, as: process)
            logger.info("\(purpose.method.name) asks polkit", metadata: Self.metadata(ticket, process))
            polkit.reach { [unowned self] problem in
                guard pendingSystemAuthentications.isPending(ticket) else { return }
                if let problem { return finish(ticket, .unavailable(problem)) }
                pendingSystemAuthentications.checkSent(ticket)
                polkit.checkAuthorization(
                    purpose.actionID, subject: process, cancellationID: Self.cancellationID(ticket)
                ) { [unowned self] outcome in
                    finish(ticket, outcome)
                }
            }
        }
    }

    /// Applies polkit's answer; a ticket cancelled meanwhile was answered then, and its late answer changes nothing.
    private func finish(_ ticket: SystemAuthTicket, _ outcome: SystemAuthOutcome) {
        let result = machine.finishSystemAuthentication(ticket, outcome: outcome, now: now())
        perform(result.actions, source: ticket.purpose.method.name)
        guard let entry = pendingSystemAuthentications.end(ticket) else { return }
        let metadata = Self.metadata(ticket, entry.process)
        if let error = result.error {
            logger.notice("\(ticket.purpose.method.name) not granted: \(error.message)", metadata: metadata)
            return entry.call.fail(error.dbusError)
        }
        switch ticket.purpose {
        case .unlock:
            logger.info("unlocked with system authentication", metadata: metadata)
            entry.call.reply()
        case .resetPasscode:
            removeForgottenPasscode(ticket, entry)
        case .resetSharedPasscode:
            removeForgottenSharedPasscode(ticket, entry)
        case .confirmPolicy:
            guard let app = ticket.app, let asked = entry.policyAsked, policyToConfirm(app) == asked else {
                logger.notice("policy change not confirmed: the files changed while polkit was asking", metadata: metadata)
                return entry.call.fail(ManagerError.policyChanged.dbusError)
            }
            confirmFilePolicy(of: app, proof: "system authentication")
            entry.call.reply()
        }
    }

    /// The policy the files ask for `app` now, after the agent applied them: what a policy confirmation that begins
    /// now shows the user, and what it may confirm when polkit says yes. Files changed on disk since the last reading
    /// are read and applied first (as `ReloadPolicy` does), so the held keys polkit's dialog names are the current
    /// ones.
    private func policyToConfirm(_ app: AppID) -> Policy {
        var loader = policyLoader
        if loader.load().policies != filePolicies {
            _ = reloadPolicy(source: ManagerMethod.confirmPolicyWithSystemAuthentication.name)
        }
        return filePolicies.effectivePolicy(for: app)
    }

    /// The reset was authorized: removes the hash in the app's passcode queue (so no Unlock races it), then the
    /// core forgets the passcode and its lock-out record.
    private func removeForgottenPasscode(_ ticket: SystemAuthTicket, _ entry: PendingSystemAuthentications.Entry) {
        guard let app = ticket.app else { return entry.call.fail(ManagerError.noPasscode.dbusError) }
        let metadata = Self.metadata(ticket, entry.process)
        let callOnLoop = LoopBound(entry.call, loop: loop)
        // An app that uses the AppLock passcode only stops using it: its item stays for the others.
        let holder = machine.holder(of: app)
        enqueuePasscodeOperation(holder) { [unowned self] done in
            let agent = LoopBound(self, loop: loop)
            let finished = LoopBound(done, loop: loop)
            passcodes.submit { [passcodes, loop] in
                let failure = holder == .shared ? nil : passcodes.remove(holder)
                loop.post {
                    let agent = agent.value
                    if let failure {
                        let error = ManagerError.storeUnavailable(PasscodeWorker.reason(failure))
                        agent.logger.error("passcode reset authorized, but the store could not remove it", metadata: metadata)
                        callOnLoop.value.fail(error.dbusError)
                    } else {
                        agent.perform(agent.machine.passcodeRemoved(app, now: agent.now()), source: "ResetPasscode")
                        agent.passcodeForgotten(app)
                        agent.logger.notice("passcode reset", metadata: metadata)
                        callOnLoop.value.reply()
                    }
                    finished.value()
                }
            }
        }
    }

    /// The reset of the AppLock passcode was authorized: removes its item in its queue (so no attempt on it races the
    /// removal), then the core forgets it and its lock-out record, and every app that used it is without a passcode
    /// (no longer `PasscodeTampered`, as after RemoveSharedPasscode).
    private func removeForgottenSharedPasscode(_ ticket: SystemAuthTicket, _ entry: PendingSystemAuthentications.Entry) {
        let metadata = Self.metadata(ticket, entry.process)
        let callOnLoop = LoopBound(entry.call, loop: loop)
        enqueuePasscodeOperation(.shared) { [unowned self] done in
            let agent = LoopBound(self, loop: loop)
            let finished = LoopBound(done, loop: loop)
            passcodes.submit { [passcodes, loop] in
                let failure = passcodes.remove(.shared)
                loop.post {
                    let agent = agent.value
                    let source = ManagerMethod.resetSharedPasscode.name
                    if let failure {
                        let error = ManagerError.storeUnavailable(PasscodeWorker.reason(failure))
                        agent.logger.error("AppLock passcode reset authorized, but the store could not remove it", metadata: metadata)
                        callOnLoop.value.fail(error.dbusError)
                    } else {
                        var logged = metadata
                        logged["apps"] = "\(agent.machine.sharedUsers.sorted().map(\.rawValue).joined(separator: ","))"
                        agent.perform(agent.machine.sharedPasscodeForgotten(files: agent.filePolicies, now: agent.now()),
                                      source: source)
                        agent.logger.notice("AppLock passcode reset", metadata: logged)
                        callOnLoop.value.reply()
                    }
                    finished.value()
                }
            }
        }
    }

    /// The pid and uid of the connection `sender`, from the session bus daemon, and its start time from `/proc`.
    private func identifyCaller(_ sender: String, _ completion: @escaping (CallerProcess?) -> Void) {
        let message = try! Message.methodCall(
            destination: "org.freedesktop.DBus", path: try! ObjectPath("/org/freedesktop/DBus"),
            interface: "org.freedesktop.DBus", member: "GetConnectionCredentials", arguments: [.string(sender)])
        bus.call(message, timeout: .seconds(5)) { result in
            guard case .success(let reply) = result,
                  let credentials = (try? reply.arguments())?.first?.dictionaryValue
            else { return completion(nil) }
            func value(_ key: String) -> UInt32? {
                credentials.first { $0.0.stringValue == key }.flatMap { ($0.1.variantValue ?? $0.1).uint32Value }
            }
            guard let pid = value("ProcessID"), let uid = value("UnixUserID") else { return completion(nil) }
            completion(CallerProcess.read(pid: pid, uid: uid))
        }
    }

    private static func cancellationID(_ ticket: SystemAuthTicket) -> String {
        "applock-\(ticket.id)"
    }

    private static func metadata(_ ticket: SystemAuthTicket, _ process: CallerProcess?) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["caller": "\(ticket.caller)"]
        if let app = ticket.app { metadata["app"] = "\(app)" }
        if let process {
            metadata["pid"] = "\(process.pid)"
            metadata["executable"] = "\(process.executable)"
        }
        return metadata
    }
}
