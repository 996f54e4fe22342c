public import Foundation
import Glibc

/// A private `dbus-daemon` (a child process of the caller) listening on a unix socket in a temporary directory; never the caller's own bus.
///
/// Its policy lets every connection own any name and send to or receive from anyone (EXTERNAL auth only).
/// Services are activatable only from the given service directories. It runs with the `<limit>`s of the bus users
/// have (`BusLimits`), not dbus-daemon's compiled-in defaults. The daemon stops in `stop()` or `deinit`.
public final class PrivateBus: @unchecked Sendable {
    /// Which kind of bus the daemon presents itself as.
    public enum Kind: String, Sendable {
        /// A session bus (`<type>session</type>`).
        case session
        /// A system bus (`<type>system</type>`).
        case system
    }

    /// The kind given at start.
    public let kind: Kind
    /// The address clients connect to, for example `unix:path=/tmp/…/session.socket,guid=…`.
    public let address: String
    /// The daemon's process id.
    public let pid: Int32
    /// The directory holding the socket and the configuration file.
    public let directory: URL

    private let process: Process
    private let lock = NSLock()
    private var stopped = false

    /// Starts a daemon of `kind` in `directory` (created when missing; a fresh temporary one when nil).
    ///
    /// - Parameters:
    ///   - serviceDirectories: `<servicedir>` entries for D-Bus activation tests.
    ///   - environment: the environment of the daemon and of the services it activates.
    public init(
        kind: Kind,
        directory: URL? = nil,
        serviceDirectories: [String] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let directory = directory ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("applock-bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("\(kind.rawValue).socket").path
        let config = directory.appendingPathComponent("\(kind.rawValue).conf")
        let services = serviceDirectories.map { "  <servicedir>\($0)</servicedir>\n" }.joined()
        let limits = try BusLimits.of(kind).map { "  <limit name=\"\($0.name)\">\($0.value)</limit>\n" }.joined()
        let text = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>\(kind.rawValue)</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
            \(services)  <policy context="default">
                <allow user="*"/>
                <allow own="*"/>
                <allow send_destination="*" eavesdrop="true"/>
                <allow receive_sender="*"/>
                <allow eavesdrop="true"/>
              </policy>
            \(limits)</busconfig>

            """
        try text.write(to: config, atomically: true, encoding: .utf8)
        let addressFile = directory.appendingPathComponent("\(kind.rawValue).address")
        let log = directory.appendingPathComponent("\(kind.rawValue).log")
        try? FileManager.default.removeItem(at: addressFile)
        let process = try CommandRunner.launch(
            ["dbus-daemon", "--config-file=\(config.path)", "--nofork", "--print-address=1"],
            environment: environment,
            log: addressFile,
            errorLog: log
        )
        var address: String?
        let started = waitUntil(timeout: .seconds(10)) {
            let text = CommandRunner.readText(addressFile)
            if text.hasSuffix("\n") {
                address = text.split(separator: "\n").first.map(String.init)
            }
            return address != nil || !process.isRunning
        }
        guard started, let address else {
            ProcessLiveness.stop(process.processIdentifier)
            throw TestSupportError("dbus-daemon (\(kind.rawValue)) did not start: \(CommandRunner.readText(log))")
        }
        self.kind = kind
        self.address = address
        self.pid = process.processIdentifier
        self.directory = directory
        self.process = process
    }

    /// Stops the daemon (SIGTERM, then SIGKILL after a grace period); safe to call more than once.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        if first {
            ProcessLiveness.stop(pid)
        }
    }

    deinit {
        stop()
    }
}
