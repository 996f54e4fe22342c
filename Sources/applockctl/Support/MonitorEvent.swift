import AppLockClient
import AppLockProtocol
import Foundation

/// One line of `applockctl monitor`.
struct MonitorEvent {
    let time: Date
    /// The app id, `session` or `applockd`.
    let subject: String
    let state: String
    let reason: String?

    /// An app's `StateChanged`.
    init(_ change: AppStateChange, time: Date = Date()) {
        (self.time, subject, state, reason) = (time, change.appID.rawValue, change.state.rawValue, change.reason.rawValue)
    }

    /// The session's `SessionStateChanged`.
    init(session: SessionState, time: Date = Date()) {
        (self.time, subject, state, reason) = (time, "session", session.rawValue, nil)
    }

    /// applockd appearing on the bus or leaving it.
    init(agentPresent: Bool, time: Date = Date()) {
        (self.time, subject, state, reason) = (time, "applockd", agentPresent ? "started" : "stopped", nil)
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
