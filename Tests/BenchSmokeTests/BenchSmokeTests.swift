import Foundation
import Testing

/// `applock-bench --tiny` runs from start to end and prints its table, so the bench cannot rot.
@Suite struct BenchSmokeTests {
    /// The built `applock-bench` next to this test bundle (or in a parent directory).
    static func benchExecutable() throws -> URL {
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let url = directory.appendingPathComponent("applock-bench")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            directory = directory.deletingLastPathComponent()
        }
        throw BenchNotFound()
    }

    struct BenchNotFound: Error {}

    @Test func tinyRunPrintsTheTable() throws {
        let process = Process()
        process.executableURL = try Self.benchExecutable()
        process.arguments = ["--tiny"]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorText = ErrorCollector(errors.fileHandleForReading)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let log = errorText.finish()
        #expect(process.terminationStatus == 0, "applock-bench --tiny failed:\n\(log)")
        #expect(text.contains("| section | metric | value | target |"))
        for metric in ["one signal hop p50", "Lock → StateChanged p50", "Properties.Get State, 1 client",
                       "voluntary context switches", "VmRSS idle, 0 apps", "Unlock (right passcode) p50",
                       "LockedOut answer p50, right passcode", "LockedOut answer p50, wrong passcode",
                       "Unlock with the AppLock passcode, 20 apps use it, locked by hand p50",
                       "Unlock with the AppLock passcode, UnlockTogether, 20 apps: last StateChanged p50",
                       "p99 moved by", "start → name owned p50", "logind Lock → app window covered (X11), no screen locker starting p99",
                       "logind Lock → app window covered (X11), xss-lock + i3lock starting too p99",
                       "xss-lock + i3lock: logind Lock → screen covered p50",
                       "reach for a locked app (X11) → keypad on screen p99", "lock window started ahead, hidden: Pss", "logind Lock → app window hidden (sway) p99", "logind Lock → app window minimised (KWin ",
                       "logind Lock → app window hidden (GNOME "] {
            #expect(text.contains(metric), "the table lacks \(metric)")
        }
    }
}
