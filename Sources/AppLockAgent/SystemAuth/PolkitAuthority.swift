import AppLockAgentCore
import AppLockCore
import DBusKit
import Logging
import SystemKit

/// polkit's authority (`org.freedesktop.PolicyKit1.Authority`) on the system bus, asked without ever blocking
/// the agent's loop: every call is asynchronous, and the answer comes back to the loop.
///
/// A check first pings polkit with a short timeout, so that a system bus without polkit, or a polkit that does
/// not answer at all, is `unavailable` within `reachTimeout`; then `CheckAuthorization` waits as long as the user
/// needs to authenticate, up to `answerTimeout`, after which the check is cancelled and counts as unavailable.
/// The connection, to the bus at `address` (``PolkitBusAddress``), is opened on the first check and opened again
/// after it is lost.
final class PolkitAuthority {
    static let service = "org.freedesktop.PolicyKit1"
    static let path = try! ObjectPath("/org/freedesktop/PolicyKit1/Authority")
    static let interface = "org.freedesktop.PolicyKit1.Authority"
    /// `CheckAuthorization` flag: polkit may ask the session's authentication agent.
    static let allowUserInteraction: UInt32 = 1

    private let loop: EventLoop
    private let address: String
    private let logger: Logger
    private let reachTimeout: Duration
    private let answerTimeout: Duration
    private var bus: Connection?

    init(loop: EventLoop, address: String, logger: Logger, reachTimeout: Duration, answerTimeout: Duration) {
        self.loop = loop
        self.address = address
        self.logger = logger
        self.reachTimeout = reachTimeout
        self.answerTimeout = answerTimeout
    }

    /// Calls `completion` on the loop with nil when polkit answers on the system bus, or why it cannot be asked.
    func reach(_ completion: @escaping (String?) -> Void) {
        let bus: Connection
        do {
            bus = try connection()
        } catch {
            return completion("no system bus (\(error))")
        }
        let ping = try! Message.methodCall(
            destination: Self.service, path: Self.path, interface: "org.freedesktop.DBus.Peer", member: "Ping")
        bus.call(ping, timeout: reachTimeout) { [reachTimeout] result in
            switch result {
            case .success: completion(nil)
            case .failure(let error) where error.name == DBusError.noReply.name:
                completion("polkit did not answer within \(reachTimeout)")
            case .failure(let error):
                completion("polkit is not reachable on the system bus (\(error.name))")
            }
        }
    }

    /// Asks polkit whether `subject` may do `actionID`, letting the session's authentication agent ask the
    /// user; `completion` runs on the loop. `cancellationID` names the check for ``cancel(_:)``. The details are
    /// always empty: polkit refuses details from a caller that is neither root nor the action's owner ("Only
    /// trusted callers … can use CheckAuthorization() and pass details"), and the agent runs as the session's user.
    func checkAuthorization(
        _ actionID: String, subject: CallerProcess, cancellationID: String,
        _ completion: @escaping (SystemAuthOutcome) -> Void
    ) {
        guard let bus else { return completion(.unavailable("the system bus went away")) }
        let message = try! Message.methodCall(
            destination: Self.service, path: Self.path, interface: Self.interface, member: "CheckAuthorization",
            arguments: [
                subject.polkitSubject, .string(actionID),
                .dictionary(key: try! Signature("s"), value: try! Signature("s"), []),
                .uint32(Self.allowUserInteraction), .string(cancellationID),
            ])
        let asked = ContinuousClock.now
        bus.call(message, timeout: answerTimeout) { [unowned self] result in
            switch result {
            case .success(let reply):
                completion(Self.outcome(of: reply))
            case .failure(let error) where error.name == DBusError.noReply.name:
                cancel(cancellationID)
                // NoReply is also what the bus says when polkit leaves it before answering.
                completion(.unavailable(ContinuousClock.now - asked < answerTimeout
                    ? "polkit went away before it answered (\(error.message))"
                    : "polkit gave no answer within \(answerTimeout)"))
            case .failure(let error) where error.name == "org.freedesktop.PolicyKit1.Error.Cancelled":
                completion(.notAuthorized("the check was cancelled"))
            case .failure(let error) where error.name == "org.freedesktop.PolicyKit1.Error.NotAuthorized":
                completion(.notAuthorized("polkit does not let this agent check for the calling process (\(error.message))"))
            case .failure(let error):
                completion(.unavailable("polkit failed (\(error.name): \(error.message))"))
            }
        }
    }

    /// Calls `completion` on the loop with whether fprintd (`net.reactivated.Fprint`, on polkit's bus) has prints
    /// enrolled for this user on its default reader: what polkit's dialog will take through `pam_fprintd`. False
    /// when there is no fprintd, no reader, no print, or fprintd does not let this user ask.
    func hasEnrolledFingers(_ completion: @escaping (Bool) -> Void) {
        guard let bus else { return completion(false) }
        let service = "net.reactivated.Fprint"
        let manager = try! Message.methodCall(
            destination: service, path: try! ObjectPath("/net/reactivated/Fprint/Manager"),
            interface: "net.reactivated.Fprint.Manager", member: "GetDefaultDevice")
        bus.call(manager, timeout: reachTimeout) { [reachTimeout] result in
            guard case .success(let reply) = result, let device = (try? reply.arguments())?.first?.objectPathValue else {
                return completion(false)
            }
            // An empty user name is the caller's own.
            let list = try! Message.methodCall(
                destination: service, path: device, interface: "net.reactivated.Fprint.Device",
                member: "ListEnrolledFingers", arguments: [.string("")])
            bus.call(list, timeout: reachTimeout) { result in
                guard case .success(let reply) = result, let fingers = (try? reply.arguments())?.first?.arrayValue else {
                    return completion(false)
                }
                completion(!fingers.isEmpty)
            }
        }
    }

    /// Tells polkit to stop the check `cancellationID` (its dialog closes); its late answer is ignored.
    func cancel(_ cancellationID: String) {
        guard let bus else { return }
        let message = try! Message.methodCall(
            destination: Self.service, path: Self.path, interface: Self.interface, member: "CancelCheckAuthorization",
            arguments: [.string(cancellationID)])
        bus.call(message, timeout: reachTimeout) { [logger] result in
            if case .failure(let error) = result {
                logger.debug("CancelCheckAuthorization failed", metadata: ["error": "\(error)"])
            }
        }
    }

    /// What the user is told when polkit found no authentication agent to ask: what is missing and how to add it.
    static let noAgentReason = "no polkit authentication agent runs in this session (start one, such as lxpolkit)"

    /// Reads a `(bba{ss})` answer: authorized, or why not. Not authorized with `is_challenge` set is polkit's answer
    /// when no authentication agent could ask the user (it answers that without a dialog); with an agent, a wrong
    /// password or a closed dialog answers `is_challenge` false.
    static func outcome(of reply: Message) -> SystemAuthOutcome {
        guard let fields = (try? reply.arguments())?.first?.structureValue, fields.count == 3,
              let authorized = fields[0].boolValue, let challenge = fields[1].boolValue
        else { return .unavailable("polkit answered with an unexpected reply") }
        if authorized { return .authorized }
        if challenge { return .unavailable(noAgentReason) }
        let details = fields[2].dictionaryValue ?? []
        if details.contains(where: { $0.0.stringValue == "polkit.dismissed" && $0.1.stringValue == "true" }) {
            return .notAuthorized("the authentication dialog was dismissed")
        }
        return .notAuthorized("the password or fingerprint was not accepted")
    }

    private func connection() throws -> Connection {
        if let bus, bus.isConnected { return bus }
        let connection = try Connection.address(address, loop: loop)
        connection.onDisconnected = { [unowned self] in
            logger.warning("lost the system bus; system authentication reconnects on the next request")
            bus = nil
        }
        bus = connection
        return connection
    }
}
