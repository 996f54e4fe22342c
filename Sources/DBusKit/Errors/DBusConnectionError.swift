/// Failures of the connection itself (as opposed to error replies, which are ``DBusError``).
public enum DBusConnectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bus could not be reached or refused us.
    case cannotConnect(DBusError)
    /// `requestName` failed because another connection owns the name.
    case nameTaken(String)
    /// The connection is closed or was disconnected.
    case notConnected
    /// A value, name or message could not be encoded (for example an array element of the wrong type).
    case invalidValue(String)
    /// A system call failed (name of the call, errno).
    case system(String, Int32)

    public var description: String {
        switch self {
        case .cannotConnect(let error): "cannot connect to the bus: \(error)"
        case .nameTaken(let name): "the name \(name) is already owned by another connection"
        case .notConnected: "not connected to the bus"
        case .invalidValue(let what): "invalid D-Bus value: \(what)"
        case .system(let call, let code): "\(call) failed (errno \(code))"
        }
    }
}
