import AppLockTestSupport
import Foundation

/// A private dbus-daemon for one test (never the developer's session bus).
final class TestBus: @unchecked Sendable {
    let address: String
    let pid: Int32
    private let process: Process
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dbuskit-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("bus.socket").path
        let config = directory.appendingPathComponent("bus.conf")
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow user="*"/>
                <allow own="*"/>
                <allow send_destination="*"/>
                <allow receive_sender="*"/>
              </policy>
            </busconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("address")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["dbus-daemon", "--config-file=\(config.path)", "--nofork", "--print-address=1"]
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        try handle.close()
        self.process = process
        pid = process.processIdentifier
        var found: String?
        _ = waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(2)) {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if text.hasSuffix("\n") { found = text.trimmingCharacters(in: .whitespacesAndNewlines) }
            return found != nil
        }
        guard let found else {
            kill(pid, SIGKILL)
            throw TestBusError(message: "dbus-daemon did not print its address")
        }
        address = found
    }

    deinit {
        kill(pid, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs a command to completion; stdout (and stderr) go to a file.
    static func run(_ argv: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = argv
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("dbuskit-out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        let handle = try FileHandle(forWritingTo: out)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: out)
        return (process.terminationStatus, text)
    }
}

struct TestBusError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
