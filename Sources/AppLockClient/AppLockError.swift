public import AppLockProtocol
import AppLockCore
import DBusKit

/// A failed request to the agent. An error the agent answered with is ``agent(_:message:)``: switch on its
/// ``AgentError``; the message is a sentence for people, never to be parsed (attempts left and retry times are in
/// ``AppProperties``). The client checks app ids and passcode shapes with the core's own rules before sending, and
/// answers a bad one with the same error the agent would (`InvalidArgument`, `InvalidPasscode`).
public enum AppLockError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The agent (or the client, with the agent's rules) refused the request.
    case agent(AgentError, message: String)
    /// The agent is not on the bus, or the bus cannot be reached.
    case agentUnavailable
    /// The agent did not answer in time.
    case noReply
    /// The session or connection was closed.
    case closed
    /// Any other error: its D-Bus name and message.
    case other(name: String, message: String)

    /// The agent's error, nil for the others.
    public var agentError: AgentError? {
        if case .agent(let error, _) = self { return error }
        return nil
    }

    public var description: String {
        switch self {
        case .agent(let error, let message): message.isEmpty ? error.rawValue : message
        case .agentUnavailable: "The AppLock agent is not running."
        case .noReply: "The AppLock agent did not answer in time."
        case .closed: "The AppLock connection is closed."
        case .other(let name, let message): message.isEmpty ? name : "\(name): \(message)"
        }
    }

    /// Maps an error reply (or a failure to reach the bus) onto a case.
    init(_ error: DBusError) {
        if let agentError = AgentError(dbusName: error.name) {
            self = .agent(agentError, message: error.message)
        } else if Self.unanswered.contains(error.name) {
            self = .noReply
        } else if Self.unreachable.contains(error.name) {
            self = .agentUnavailable
        } else {
            self = .other(name: error.name, message: error.message)
        }
    }

    /// A refusal by the core's rules, worded as the agent words it.
    init(_ error: ManagerError) {
        self = .agent(error.agentError, message: error.message)
    }

    /// The bus's errors that mean the agent cannot be reached (or started).
    private static let unreachable: Set<String> = [
        "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
        "org.freedesktop.DBus.Error.Disconnected", "org.freedesktop.DBus.Error.NoServer",
        "org.freedesktop.DBus.Error.Spawn.ServiceNotFound", "org.freedesktop.DBus.Error.Spawn.ChildExited",
        "org.freedesktop.DBus.Error.Spawn.ExecFailed", "org.freedesktop.DBus.Error.Spawn.Failed",
    ]

    /// The bus's errors that mean the call went out but no answer came in time.
    private static let unanswered: Set<String> = [
        "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout", "org.freedesktop.DBus.Error.TimedOut",
    ]
}
