import AppLockTestSupport
import DBusKit
import Foundation
import Glibc

extension Bench {
    static let guardedApp = "org.bench.Guarded"
    static let guardedClass = "BenchTerm"

    /// logind `Lock` → a guarded app's window covered on screen (the guard's cover mapped, as another X client sees
    /// it): first alone, then side by side with xss-lock starting i3lock over the whole screen for the same `Lock`
    /// (on two CPUs i3lock's start-up then competes with the X server for a CPU); and the guard's resident size and
    /// idle wake-ups with the app running and its status item registered with a StatusNotifierWatcher the bench plays.
    /// The app has no passcode: `Lock` obscures it and logind's
    /// `Unlock` uncovers it, so no Argon2id runs between rounds.
    func measureGuard() throws {
        let apps = environment.configHome.appendingPathComponent("applock/apps.d")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        try "[Policy]\nGuard=true\n".write(
            to: apps.appendingPathComponent("\(Self.guardedApp).conf"), atomically: true, encoding: .utf8)
        let applications = environment.dataHome.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nName=Guarded\nExec=xterm\nStartupWMClass=\(Self.guardedClass)\n".write(
            to: applications.appendingPathComponent("\(Self.guardedApp).desktop"), atomically: true, encoding: .utf8)

        let (agent, _) = try startAgent()
        defer { agent.terminate() }
        let session = try XSession(environment: environment)
        let app = try session.launch(["xterm", "-class", Self.guardedClass, "-geometry", "80x24+60+60"], logName: "bench-xterm")
        defer { app.stop() }
        guard waitUntil(timeout: .seconds(15), { !session.windows(ofClass: Self.guardedClass).isEmpty }) else {
            throw BenchError("the guarded xterm did not map")
        }
        // A panel's tray is on the bus: the guard's status item registers with it, and is measured registered.
        let tray = try StatusWatcher(address: environment.sessionBus.address)
        let guardProcess = try session.launch([try Self.sibling("applock-guard")], logName: "bench-guard")
        defer { guardProcess.stop() }
        let owners = try Connection.address(environment.sessionBus.address)
        defer { owners.close() }
        guard waitUntil(timeout: .seconds(15), {
            (try? owners.call(destination: "io.github.applock.AppLock1", path: ObjectPath("/io/github/applock/AppLock1"),
                              interface: "io.github.applock.AppLock1.Manager", member: "ListApplications"))
                .map { "\($0)".contains(Self.guardedApp) } ?? false
        }) else { throw BenchError("the guard did not register \(Self.guardedApp): \(guardProcess.logText())") }
        guard waitUntil(timeout: .seconds(15), { !tray.registrations.isEmpty }) else {
            throw BenchError("the guard's status item did not register: \(guardProcess.logText())")
        }
        let watcher = try MapWatcher(display: session.display)
        defer { watcher.stop() }
        let listener = try LockSignalListener(systemBusAddress: systemAddress, logindUniqueName: logindUniqueName,
                                              realtime: true)
        defer { listener.close() }
        if !watcher.realtime || !listener.realtime {
            report.notes.append("The X11 cover rows' observers ran at normal priority (no SCHED_FIFO for this user): "
                + "their tails include the bench's own wait for a CPU.")
        }
        let rounds = options.tiny ? 3 : 100

        let alone = try coverRounds(rounds, watcher: watcher, listener: listener, guardProcess: guardProcess, locker: nil)
        report.add("guard", "logind Lock → app window covered (X11), no screen locker starting p50", alone.cover.p50 / 1000,
                   "ms", target: "≤ 1 ms", met: alone.cover.p50 <= 1000)
        report.add("guard", "logind Lock → app window covered (X11), no screen locker starting p99", alone.cover.p99 / 1000,
                   "ms", target: "≤ 2 ms", met: alone.cover.p99 <= 2000)

        let locker = try session.launch(["xss-lock", "--", "i3lock", "-n", "-c", "000000"], logName: "bench-xss-lock")
        defer { locker.stop() }
        // xss-lock listens once it has taken its sleep inhibitor from logind.
        guard waitUntil(timeout: .seconds(15), pollEvery: .milliseconds(50), {
            ((try? environment.logindCalls()) ?? []).contains { $0.hasPrefix("Inhibit") && $0.contains("xss-lock") }
        }) else { throw BenchError("xss-lock did not start: \(locker.logText())") }
        let beside = try coverRounds(rounds, watcher: watcher, listener: listener, guardProcess: guardProcess,
                                     locker: locker)
        let (cover, screen) = (beside.cover, beside.screen)
        report.add("guard", "logind Lock → app window covered (X11), xss-lock + i3lock starting too p50", cover.p50 / 1000,
                   "ms", target: "≤ 1 ms", met: cover.p50 <= 1000)
        report.add("guard", "logind Lock → app window covered (X11), xss-lock + i3lock starting too p99", cover.p99 / 1000,
                   "ms", target: "≤ 2 ms", met: cover.p99 <= 2000)
        report.add("guard", "xss-lock + i3lock: logind Lock → screen covered p50", screen.p50 / 1000, "ms")
        report.add("guard", "xss-lock + i3lock: logind Lock → screen covered p99", screen.p99 / 1000, "ms")
        report.add("guard", "guard p50 / whole-screen locker p50", cover.p50 / max(1, screen.p50), "×",
                   target: "< 1 (faster)", met: cover.p50 < screen.p50)

        Thread.sleep(forTimeInterval: 0.5)
        let pid = guardProcess.pid
        try settle(pid)
        report.add("guard", "applock-guard VmRSS idle, 1 guarded app", Double(ProcStatus.value("VmRSS", pid: pid) ?? 0), "KiB")
        let before = ProcStatus.sumOverThreads("voluntary_ctxt_switches", pid: pid)
        Thread.sleep(forTimeInterval: options.idleSeconds)
        let after = ProcStatus.sumOverThreads("voluntary_ctxt_switches", pid: pid)
        report.add("guard", "applock-guard voluntary context switches in \(Report.format(options.idleSeconds)) s idle",
                   Double(after - before), "", target: "0", met: after == before)
    }

    /// `rounds` logind `Lock`/`Unlock` rounds (after one to warm up): when the guard's cover mapped and, with
    /// `locker` (xss-lock), when its i3lock covered the whole screen, each counted from the moment `Lock` reached the
    /// bench's own listener.
    private func coverRounds(_ rounds: Int, watcher: MapWatcher, listener: LockSignalListener,
                             guardProcess: SessionProcess, locker: SessionProcess?) throws
        -> (cover: Latencies, screen: Latencies) {
        var cover = Latencies()
        var screen = Latencies()
        let fullScreen: (MapWatcher.Change) -> Bool = { $0.mapped && $0.width >= 1280 && $0.height >= 800 }
        for round in 0...rounds {
            watcher.reset()
            listener.reset()
            try callLogindSession("Lock")
            guard let start = listener.waitForArrival(timeout: 10) else { throw BenchError("Lock never arrived") }
            guard let covered = watcher.waitFor(timeout: 10, { $0.mapped && $0.width > 1 && !fullScreen($0) }) else {
                throw BenchError("round \(round): the cover never mapped: \(guardProcess.logText())")
            }
            var locked: MapWatcher.Change?
            if let locker {
                locked = watcher.waitFor(timeout: 10, fullScreen)
                guard locked != nil else { throw BenchError("round \(round): i3lock never mapped: \(locker.logText())") }
            }
            if round > 0 {
                cover.record(from: start, to: covered.at)
                if let locked { screen.record(from: start, to: locked.at) }
            }
            try callLogindSession("Unlock")
            guard watcher.waitFor(timeout: 10, { !$0.mapped && $0.window == covered.window }) != nil else {
                throw BenchError("round \(round): the cover did not go away")
            }
            guard let locker, let locked else { continue }
            for child in Self.children(of: locker.pid) { kill(child, SIGTERM) }
            // xss-lock ignores a Lock while its locker still runs: the next round starts once it has reaped i3lock.
            guard watcher.waitFor(timeout: 10, { !$0.mapped && $0.window == locked.window }) != nil,
                  waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(5), { Self.children(of: locker.pid).isEmpty })
            else { throw BenchError("round \(round): i3lock did not go away") }
        }
        return (cover, screen)
    }

    /// The direct children of `pid` (the locker xss-lock started).
    static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// A program built next to this bench binary.
    static func sibling(_ name: String) throws -> String {
        let directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let path = directory.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else { throw BenchError("\(name) is not built next to applock-bench") }
        return path
    }
}
