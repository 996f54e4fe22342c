import AppLockClient
import AppLockProtocol

/// One line of `applockctl monitor`.
struct MonitorEvent {
    /// When it happened, in Unix microseconds.
    let time: UInt64
    /// The app id, `session` or `applockd`.
    let subject: String
    let state: String
    let reason: String?

    /// An app's `StateChanged`.
    init(_ change: AppStateChange, time: UInt64 = AppLockStatus.currentUnixMicroseconds()) {
        (self.time, subject, state, reason) = (time, change.appID.rawValue, change.state.rawValue, change.reason.rawValue)
    }

    /// The session's `SessionStateChanged`.
    init(session: SessionState, time: UInt64 = AppLockStatus.currentUnixMicroseconds()) {
        (self.time, subject, state, reason) = (time, "session", session.rawValue, nil)
    }

    /// applockd appearing on the bus or leaving it.
    init(agentPresent: Bool, time: UInt64 = AppLockStatus.currentUnixMicroseconds()) {
        (self.time, subject, state, reason) = (time, "applockd", agentPresent ? "started" : "stopped", nil)
    }

    /// `2025-01-31 14:03:07.123  org.example.Notes  locked  manual`
    var text: String {
        ([TimeText.timestamp(unixMicroseconds: time), subject, state] + (reason.map { [$0] } ?? [])).joined(separator: "  ")
    }

    /// `{"appId":"org.example.Notes","event":"application","reason":"manual","state":"locked","time":"…"}`;
    /// `event` is `application`, `session` or `agent` (applockd started / stopped).
    var json: String {
        var object: [String: Any] = ["time": TimeText.iso8601(unixMicroseconds: time), "state": state]
        switch subject {
        case "session": object["event"] = "session"
        case "applockd": object["event"] = "agent"
        default:
            object["event"] = "application"
            object["appId"] = subject
        }
        if let reason { object["reason"] = reason }
        return JSONText.render(object, pretty: false)
    }
}
