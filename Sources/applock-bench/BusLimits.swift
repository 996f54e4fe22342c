import AppLockTestSupport
import Foundation
import Glibc

/// Raises the limits of a `PrivateBus` to those of the stock session bus (`/usr/share/dbus-1/session.conf`):
/// the defaults allow 256 connections per user and 512 match rules per connection. The bench adds the limits
/// to the daemon's configuration file and makes it reload (SIGHUP), then waits for the daemon to say so.
enum BusLimits {
    static let limits: [(String, Int)] = [
        ("max_incoming_bytes", 1_000_000_000), ("max_outgoing_bytes", 1_000_000_000),
        ("max_message_size", 1_000_000_000), ("max_completed_connections", 100_000),
        ("max_incomplete_connections", 10_000), ("max_connections_per_user", 100_000),
        ("max_names_per_connection", 50_000), ("max_match_rules_per_connection", 50_000),
        ("max_replies_per_connection", 50_000),
    ]

    static func raise(_ bus: PrivateBus) throws {
        let config = bus.directory.appendingPathComponent("\(bus.kind.rawValue).conf")
        let log = bus.directory.appendingPathComponent("\(bus.kind.rawValue).log")
        var text = try String(contentsOf: config, encoding: .utf8)
        let extra = limits.map { "  <limit name=\"\($0.0)\">\($0.1)</limit>\n" }.joined()
        text = text.replacingOccurrences(of: "</busconfig>", with: extra + "</busconfig>")
        try text.write(to: config, atomically: true, encoding: .utf8)
        let before = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").components(separatedBy: "Reloaded").count
        kill(bus.pid, SIGHUP)
        let reloaded = waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(10)) {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").components(separatedBy: "Reloaded").count > before
        }
        guard reloaded else { throw BenchError("the \(bus.kind.rawValue) bus did not reload its configuration") }
    }

    /// Raises this process's open-file limit to its hard limit (children, the buses included, inherit it).
    static func raiseFileLimit() -> Int {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        return Int(limit.rlim_cur)
    }
}
