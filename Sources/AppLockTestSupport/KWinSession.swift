import DBusKit
public import Foundation
import Glibc

/// A KDE Plasma desktop for guard tests: KWin 5.27 (`kwin_wayland --virtual`, software GL, 1280×800) with a
/// rootless Xwayland, on the test's private session bus. `/usr/bin/kwin_wayland` carries a file capability this
/// sandbox refuses, so a plain copy (whose name must still end in `kwin_wayland`) is run instead.
public final class KWinSession: @unchecked Sendable {
    public let environment: TestEnvironment
    /// The environment's variables plus `WAYLAND_DISPLAY`, Xwayland's `DISPLAY` and `XDG_CURRENT_DESKTOP=KDE`.
    public let variables: [String: String]
    private let compositor: SessionProcess

    public init(environment: TestEnvironment) throws {
        self.environment = environment
        let base = environment.root.appendingPathComponent("kwin")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let copy = base.appendingPathComponent("kwin_wayland")
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(atPath: "/usr/bin/kwin_wayland", toPath: copy.path)
        let displayFile = base.appendingPathComponent("display")
        let reporter = base.appendingPathComponent("report-display")
        try "#!/bin/sh\necho \"$DISPLAY\" > '\(displayFile.path)'\nexec sleep 1000000\n".write(
            to: reporter, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: reporter.path)
        let socket = "applock-kwin-\(getpid())"
        var kwinVariables = environment.environment
        kwinVariables["QT_QPA_PLATFORM"] = "wayland"
        kwinVariables["KWIN_SCREENSHOT_NO_PERMISSION_CHECKS"] = "1"
        kwinVariables["QT_LOGGING_RULES"] = "kwin_scripting.debug=true"
        compositor = try SessionProcess(
            [copy.path, "--virtual", "--width", "1280", "--height", "800", "--socket", socket, "--no-lockscreen",
             "--xwayland", reporter.path],
            variables: kwinVariables, in: environment, logName: "kwin")
        var display = ""
        let up = waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(50)) { [compositor] in
            display = ((try? String(contentsOf: displayFile, encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return !display.isEmpty || !compositor.isRunning
        }
        guard up, !display.isEmpty, environment.waitForName("org.kde.KWin") else {
            compositor.stop()
            throw TestSupportError("kwin_wayland did not start: \(compositor.logText())")
        }
        var variables = environment.environment
        variables["WAYLAND_DISPLAY"] = socket
        variables["DISPLAY"] = display
        variables["XDG_CURRENT_DESKTOP"] = "KDE"
        variables["XDG_SESSION_TYPE"] = "wayland"
        self.variables = variables
    }

    deinit { stop() }

    public func stop() { compositor.stop() }

    public func logText() -> String { compositor.logText() }

    public func launch(_ argv: [String], logName: String, extraVariables: [String: String] = [:]) throws -> SessionProcess {
        try SessionProcess(argv, variables: variables.merging(extraVariables) { $1 }, in: environment, logName: logName)
    }

    @discardableResult
    public func run(_ argv: [String], input: String? = nil, timeout: Duration = .seconds(30)) -> CommandResult {
        CommandRunner.run(argv, environment: variables, input: input, scratch: environment.root, timeout: timeout)
    }

    /// The whole screen through KWin's `ScreenShot2.CaptureActiveScreen` (the test may: the permission check is
    /// off), counted for pixels of `colours` (`0xRRGGBB`); kept as a PNG at `keep` when given.
    public func countPixels(_ colours: Set<UInt32>, keep: URL? = nil) throws -> Int {
        let connection = try Connection.address(environment.sessionBus.address)
        defer { connection.close() }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TestSupportError("pipe failed") }
        let reader = fds[0]
        defer { Glibc.close(reader) }
        let reply = try connection.call(
            destination: "org.kde.KWin", path: ObjectPath("/org/kde/KWin/ScreenShot2"),
            interface: "org.kde.KWin.ScreenShot2", member: "CaptureActiveScreen",
            arguments: [.dictionary(key: try Signature("s"), value: try Signature("v"), []),
                        .unixFD(UnixFileDescriptor(takingOwnership: fds[1]))],
            timeout: .seconds(10))
        var info: [String: DBusValue] = [:]
        for (key, value) in reply.first?.dictionaryValue ?? [] {
            if let name = key.stringValue { info[name] = value.variantValue ?? value }
        }
        guard let stride = info["stride"]?.uint32Value, let height = info["height"]?.uint32Value,
              let width = info["width"]?.uint32Value else { throw TestSupportError("ScreenShot2 answered \(reply)") }
        let total = Int(stride) * Int(height)
        var bytes = [UInt8](repeating: 0, count: total)
        var got = 0
        while got < total {
            let n = bytes.withUnsafeMutableBytes { read(reader, $0.baseAddress! + got, total - got) }
            guard n > 0 else { throw TestSupportError("the screenshot ended after \(got) of \(total) bytes") }
            got += n
        }
        if let keep {
            var ppm = Array("P6\n\(width) \(height)\n255\n".utf8)
            for y in 0..<Int(height) {
                for x in 0..<Int(width) {
                    let i = y * Int(stride) + x * 4
                    ppm += [bytes[i + 2], bytes[i + 1], bytes[i]]
                }
            }
            let raw = environment.root.appendingPathComponent("kwin-shot.ppm")
            try Data(ppm).write(to: raw)
            try? FileManager.default.removeItem(at: keep)
            let converted = environment.run(["convert", raw.path, keep.path])
            guard converted.succeeded else { throw TestSupportError("convert failed: \(converted.stderr)") }
        }
        var count = 0
        for y in 0..<Int(height) {
            for x in 0..<Int(width) {
                let i = y * Int(stride) + x * 4
                let rgb = UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i])
                if colours.contains(rgb) { count += 1 }
            }
        }
        return count
    }
}
