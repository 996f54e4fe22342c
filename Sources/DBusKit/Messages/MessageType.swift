/// The kind of a D-Bus message.
public enum MessageType: Int32, Sendable, Hashable {
    case methodCall = 1
    case methodReturn = 2
    case error = 3
    case signal = 4
}
