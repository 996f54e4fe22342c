import AppLockClient
import AppLockCore
import AppLockProtocol
import AppLockTestSupport
import Foundation
import Glibc
import SystemKit
import WaylandKit

extension Bench {
    static let labwcReachApp = try! AppID("org.bench.LabwcReach")
    static let labwcOtherApp = "org.bench.LabwcOther"

    /// Reach for a locked app → its keypad, on headless labwc (Debian 13) with foot, measured from labwc's own view
    /// through a wlr-foreign-toplevel-management client of the bench's own: from labwc's report that the locked
    /// app's toplevel is shown or active (the bench asks labwc to activate it, as a task bar or `wlrctl toplevel
    /// focus` does) to labwc's report of the lock window's toplevel, which labwc announces when the toplevel maps,
    /// that is when it commits its first buffer, drawn on the output's next frame. Between rounds the other foot is
    /// activated (the lock window leaves) and the next reach waits, as on X11 and sway, for the guard's next lock
    /// window to be ready (at most 5 s).
    func measureLabwcReach() throws {
        try writeGuardedApp(Self.labwcReachApp, wmClass: Self.labwcReachApp.rawValue)
        let (agent, _) = try startAgent()
        defer { agent.terminate() }
        let owner = try AppLockConnection(busAddress: environment.sessionBus.address, timeout: .seconds(30))
        defer { owner.close() }
        try owner.blocking.setPasscode(Self.labwcReachApp, "1234", kind: .fourDigit)
        let session = try LabwcSession(environment: environment)
        defer { session.stop() }
        let other = try session.launch(["foot", "-a", Self.labwcOtherApp], logName: "bench-labwc-other")
        defer { other.stop() }
        let app = try session.launch(["foot", "-a", Self.labwcReachApp.rawValue], logName: "bench-labwc-reach")
        defer { app.stop() }
        let guardProcess = try session.launch([try Self.sibling("applock-guard"), "--verbose"], logName: "bench-labwc-reach-guard")
        defer { guardProcess.stop() }
        func standbys() -> Int { guardProcess.logText().components(separatedBy: Self.standbyLine).count - 1 }
        let board = try WlrToplevelBoard(display: session.variables["WAYLAND_DISPLAY"] ?? "")
        let appID = Self.labwcReachApp.rawValue
        func lockWindowUp(_ toplevels: [WlrDesktop.Toplevel]) -> Bool { toplevels.contains { $0.appID == Self.lockWindowAppID } }
        // The guard hid the app as it started (labwc gave the other foot the focus): reached for once the guard has a
        // lock window ready.
        _ = waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(50)) { standbys() > 0 }
        let bothListed = { (toplevels: [WlrDesktop.Toplevel]) in
            [appID, Self.labwcOtherApp].allSatisfy { id in toplevels.contains { $0.appID == id } }
        }
        guard board.waitUntil(timeout: 10, bothListed) != nil else {
            throw BenchError("labwc never listed both foot windows")
        }
        try board.activate(appID)
        guard board.waitUntil(timeout: 30, lockWindowUp) != nil else {
            throw BenchError("the lock window never came up over the locked app on labwc: \(guardProcess.logText())")
        }
        let version = session.run(["labwc", "--version"]).stdout.split(separator: " ").dropFirst().first
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "?"
        var reach = Latencies()
        let rounds = options.tiny ? 2 : 30
        for round in 1...rounds {
            let ready = standbys()
            var gone = false
            for _ in 1...5 where !gone {
                try board.activate(Self.labwcOtherApp)
                gone = board.waitUntil(timeout: 2) { !lockWindowUp($0) } != nil
            }
            guard gone else { throw BenchError("round \(round): the lock window stayed when the other window was activated") }
            _ = waitUntil(timeout: .seconds(5), pollEvery: .milliseconds(10)) { standbys() > ready }
            try board.activate(appID)
            guard let reached = board.waitUntil(timeout: 20, { toplevels in
                toplevels.contains { $0.appID == appID && ($0.activated || !$0.minimized) } || lockWindowUp(toplevels)
            }) else {
                throw BenchError("round \(round): labwc never showed or activated the locked app: \(guardProcess.logText())")
            }
            guard let shown = board.waitUntil(timeout: 20, lockWindowUp) else {
                throw BenchError("round \(round): the lock window never came up on labwc: \(guardProcess.logText())")
            }
            reach.record(from: reached, to: shown)
        }
        report.add("reach", "reach for a locked app (labwc \(version)) → keypad's first frame p50 (\(rounds) rounds)",
                   reach.p50 / 1000, "ms", target: "≤ 50 ms", met: reach.p50 <= 50_000)
        report.add("reach", "reach for a locked app (labwc \(version)) → keypad's first frame p99", reach.p99 / 1000, "ms",
                   target: "≤ 100 ms", met: reach.p99 <= 100_000)
    }
}

/// A wlr-foreign-toplevel-management client of the bench's own (``WlrDesktop``) that keeps the compositor's list of
/// toplevels and notes when each batch of its events arrived.
final class WlrToplevelBoard {
    private let desktop: WlrDesktop
    private var toplevels: [UInt32: WlrDesktop.Toplevel] = [:]

    /// Connects to the compositor at `display` (an absolute socket path) and follows its toplevels.
    init(display: String) throws {
        desktop = try WlrDesktop(display: display)
        desktop.onEvent = { [unowned self] event in
            switch event {
            case .changed(let id, let toplevel): toplevels[id] = toplevel
            case .closed(let id): toplevels[id] = nil
            }
        }
        try desktop.startFollowingToplevels()
    }

    /// Asks the compositor to activate the (first) toplevel with the app id `appID`, as a task bar does.
    func activate(_ appID: String) throws {
        guard let id = toplevels.first(where: { $0.value.appID == appID })?.key else {
            throw BenchError("the compositor lists no toplevel with the app id \(appID)")
        }
        desktop.activate(id)
    }

    /// Reads the compositor's events until `condition` holds over its toplevels; when the batch of events after which
    /// it held arrived (now, if it holds already), or nil after `timeout` seconds or when the compositor has gone.
    func waitUntil(timeout: Double, _ condition: ([WlrDesktop.Toplevel]) -> Bool) -> UInt64? {
        let deadline = EventLoop.bootTimeNanoseconds() + UInt64(timeout * 1e9)
        var received = EventLoop.bootTimeNanoseconds()
        while !condition(Array(toplevels.values)) {
            let now = EventLoop.bootTimeNanoseconds()
            guard now < deadline else { return nil }
            var descriptor = pollfd(fd: desktop.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(1000, (deadline - now) / 1_000_000 + 1))) > 0 else { continue }
            received = EventLoop.bootTimeNanoseconds()
            guard (try? desktop.dispatch()) != nil else { return nil }
        }
        return received
    }
}
