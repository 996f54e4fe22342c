public import DBusKit

/// One desktop notification (`org.freedesktop.Notifications.Notify`) from AppLock, attributed to AppLock Settings'
/// desktop entry. Sent without waiting for the answer: a session without a notification server just does not show
/// it, and `failed` hears why.
public struct DesktopNotification: Equatable, Sendable {
    /// How insistently the server shows it (the specification's `urgency` hint).
    public enum Urgency: UInt8, Sendable {
        case low = 0
        case normal = 1
        case critical = 2
    }

    public static let destination = "org.freedesktop.Notifications"
    public static let path = "/org/freedesktop/Notifications"

    public var summary: String
    public var body: String
    public var icon: String
    public var urgency: Urgency

    public init(summary: String, body: String, icon: String = "dialog-warning", urgency: Urgency) {
        self.summary = summary
        self.body = body
        self.icon = icon
        self.urgency = urgency
    }

    /// Sends it on `bus`; `failed` is called (on the bus's loop) when it cannot be built or the server refuses it.
    public func send(on bus: Connection, failed: @escaping (String) -> Void) {
        let arguments: [DBusValue] = [
            .string("AppLock"), .uint32(0), .string(icon), .string(summary), .string(body), .stringArray([]),
            .stringVariantDictionary([
                ("urgency", .byte(urgency.rawValue)), ("desktop-entry", .string("io.github.applock.Settings")),
            ]),
            .int32(-1),
        ]
        guard let message = try? Message.methodCall(
            destination: Self.destination, path: ObjectPath(Self.path), interface: Self.destination, member: "Notify",
            arguments: arguments)
        else { return failed("cannot build the notification") }
        bus.call(message, timeout: .seconds(10)) { result in
            if case .failure(let error) = result { failed("the notification was not shown: \(error)") }
        }
    }
}
