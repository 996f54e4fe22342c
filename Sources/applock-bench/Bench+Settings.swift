import AppLockTestSupport
import Foundation

extension Bench {
    /// AppLock Settings under Xvfb + openbox with the agent running: its resident size once shown and settled, as
    /// it starts by default and with each GTK renderer forced through `GSK_RENDERER` (under Xvfb, GL is Mesa's
    /// llvmpipe: software).
    func measureSettings() throws {
        let executable = try Self.builtProgram("applock-settings")
        let (agent, _) = try startAgent()
        defer { agent.terminate() }
        let display = try XDisplay(environment: environment)
        let renderers: [String?] = options.tiny ? [nil] : [nil, "cairo", "gl", "ngl"]
        for renderer in renderers {
            let name = renderer ?? "unset"
            let log = environment.logDirectory.appendingPathComponent("settings-bench-\(name).log")
            let settings = try display.launch(
                [executable.path], extraEnvironment: renderer.map { ["GSK_RENDERER": $0] } ?? [:], log: log)
            defer {
                settings.terminate()
                settings.waitUntilExit()
            }
            let shown = waitUntil(timeout: .seconds(60), pollEvery: .milliseconds(10)) {
                ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("shown") || !settings.isRunning
            }
            guard shown, settings.isRunning else {
                throw BenchError("applock-settings did not show: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
            }
            let rssKiB = Self.settledResidentSize(pid: settings.processIdentifier)
            report.add("settings", "resident size once shown (GSK_RENDERER=\(name))", Double(rssKiB) / 1024, "MiB")
        }
    }

    /// VmRSS in KiB once it has stopped growing: two readings a second apart within 1 MiB (at most 15 s).
    static func settledResidentSize(pid: Int32) -> Int {
        var last: Int?
        var current = 0
        _ = waitUntil(timeout: .seconds(15), pollEvery: .seconds(1)) {
            current = ProcStatus.value("VmRSS", pid: pid) ?? 0
            defer { last = current }
            return last.map { current > 0 && abs(current - $0) < 1024 } ?? false
        }
        return current
    }
}
