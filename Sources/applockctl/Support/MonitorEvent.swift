import AppLockProtocol
import AppLockCore
import DBusKit
import Foundation

/// One line of `applockctl monitor`, made from a signal.
struct MonitorEvent {
    let time: Date
    /// The app id, `session` or `applockd`.
    let subject: String
    let state: String
    let reason: String?

    /// Nil for a signal that is not an event monitor shows (or is about another app than `app`).
    init?(_ signal: Message, app: String?, time: Date = Date()) {
        guard let arguments = try? signal.arguments() else { return nil }
        self.time = time
        switch (signal.interface, signal.member) {
        case (AppLockBusNames.managerInterface, "StateChanged"):
            guard arguments.count >= 3, let id = arguments[0].stringValue, let state = arguments[1].stringValue,
                  let reason = arguments[2].stringValue, app == nil || app == id else { return nil }
            (subject, self.state, self.reason) = (id, state, reason)
        case (AppLockBusNames.managerInterface, "SessionStateChanged"):
            guard let state = arguments.first?.stringValue else { return nil }
            (subject, self.state, reason) = ("session", state, nil)
        case ("org.freedesktop.DBus", "NameOwnerChanged"):
            guard arguments.count >= 3, arguments[0].stringValue == AppLockBusNames.busName,
                  let newOwner = arguments[2].stringValue else { return nil }
            (subject, state, reason) = ("applockd", newOwner.isEmpty ? "stopped" : "started", nil)
        default:
            return nil
        }
    }

    /// `2025-01-31 14:03:07.123  org.example.Notes  locked  manual`
    var text: String {
        ([TimeText.timestamp(time), subject, state] + (reason.map { [$0] } ?? [])).joined(separator: "  ")
    }

    /// `{"appId":"org.example.Notes","event":"application","reason":"manual","state":"locked","time":"…"}`;
    /// `event` is `application`, `session` or `agent` (applockd started / stopped).
    var json: String {
        var object: [String: Any] = ["time": Self.iso8601(time), "state": state]
        switch subject {
        case "session": object["event"] = "session"
        case "applockd": object["event"] = "agent"
        default:
            object["event"] = "application"
            object["appId"] = subject
        }
        if let reason { object["reason"] = reason }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
