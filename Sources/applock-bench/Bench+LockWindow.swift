import AppLockClient
import AppLockCore
import AppLockProtocol
import AppLockTestSupport
import Foundation
import SystemKit

extension Bench {
    // A valid id, written out.
    static let windowApp = try! AppID("org.bench.Window")

    /// `applock-lock-window lock --parent` in a cover-sized window under Xvfb + openbox, as the guard starts it:
    /// process start → mapped and holding the keyboard (its "keyboard grabbed" line), and its resident size and
    /// threads once shown. GTK's cost is why the window is a process of its own (SPEC "The guard").
    func measureLockWindow() throws {
        let executable = try Self.builtProgram("applock-lock-window")
        let (agent, _) = try startAgent()
        defer { agent.terminate() }
        let owner = try AppLockConnection(busAddress: environment.sessionBus.address, timeout: .seconds(30))
        defer { owner.close() }
        try owner.blocking.register(Self.windowApp)
        try owner.blocking.setPasscode(Self.windowApp, "1234", kind: .fourDigit)
        try owner.blocking.lock(Self.windowApp)

        let display = try XDisplay(environment: environment)
        let cover = try display.mapCoverWindow(x: 240, y: 100, width: 800, height: 600)
        defer { cover.owner.terminate() }
        var startups = Latencies()
        var rssKiB: [Int] = []
        var threads: [Int] = []
        let runs = options.lockWindowStarts
        func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        for run in 0..<runs {
            let log = environment.logDirectory.appendingPathComponent("lock-window-bench-\(run).log")
            let start = EventLoop.bootTimeNanoseconds()
            let window = try display.launch(
                [executable.path, "lock", "--app-id", Self.windowApp.rawValue, "--parent", String(cover.id)], log: log)
            let ready = waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(1)) {
                text(log).contains("keyboard grabbed") || !window.isRunning
            }
            let elapsed = EventLoop.bootTimeNanoseconds() - start
            guard ready, window.isRunning else {
                throw BenchError("applock-lock-window did not show: \(text(log))")
            }
            startups.record(nanoseconds: elapsed)
            _ = waitUntil(timeout: .seconds(10)) { text(log).contains("shown") }
            // Settled: the first frames are drawn and the agent's properties read.
            Thread.sleep(forTimeInterval: 1)
            rssKiB.append(ProcStatus.value("VmRSS", pid: window.processIdentifier) ?? 0)
            threads.append(ProcStatus.threadCount(pid: window.processIdentifier))
            window.terminate()
            window.waitUntilExit()
        }
        report.add("lock window", "start → mapped, keyboard held p50 (\(runs) starts)", startups.p50 / 1000, "ms")
        report.add("lock window", "start → mapped, keyboard held max", startups.maximum / 1000, "ms")
        report.add("lock window", "resident size once shown (median)", Double(rssKiB.sorted()[rssKiB.count / 2]) / 1024, "MiB")
        report.add("lock window", "threads once shown (median)", Double(threads.sorted()[threads.count / 2]), "")
    }
}
