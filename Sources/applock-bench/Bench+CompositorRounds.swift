import AppLockTestSupport
import DBusKit
import Foundation

/// What sees a guarded app's window leave or come back on a compositor where only a script inside it can tell
/// (``GnomeHideListener``, a Shell extension of the bench's own; KWin's row could use it too).
protocol WindowHideObserver {
    func reset()
    /// When the window was next seen hidden (`true`) or back (`false`), or nil after `timeout` seconds.
    func waitUntilWindow(hidden: Bool, timeout: Double) -> UInt64?
}

extension GnomeHideListener: WindowHideObserver {
    func waitUntilWindow(hidden: Bool, timeout: Double) -> UInt64? { waitFor(shown: !hidden, timeout: timeout) }
}

extension Bench {
    /// Waits until the guard has registered `app` with the agent (it has found the app's window).
    func waitUntilGuardRegisters(_ app: String, guardProcess: SessionProcess) throws {
        let owners = try Connection.address(environment.sessionBus.address)
        defer { owners.close() }
        guard waitUntil(timeout: .seconds(15), {
            (try? owners.call(destination: "io.github.applock.AppLock1", path: ObjectPath("/io/github/applock/AppLock1"),
                              interface: "io.github.applock.AppLock1.Manager", member: "ListApplications"))
                .map { "\($0)".contains(app) } ?? false
        }) else { throw BenchError("the guard did not register \(app): \(guardProcess.logText())") }
    }

    /// Rounds of logind `Lock` → the app's window hidden as `observer` sees it → logind `Unlock` → back; the time
    /// from `Lock` reaching the bench's listener to the window hidden, the first round left out (warm-up). On a
    /// loaded machine the bench's own `Lock` listener can run after the window is already hidden: such a round has
    /// no start to measure from, and is counted in `listenerLate` instead. Each round starts `pauseSeconds` after the
    /// window came back, as a session lock comes a while after an unlock: GNOME Shell is busy for 0.2–0.3 s of its
    /// own after a window comes back and takes the focus, and a `Lock` sent at once waited for that (the guard's
    /// answer was on the bus 16 µs after the agent's `StateChanged`; the Shell ran the extension's callback 0.23 s
    /// later).
    func lockToHiddenLatencies(observer: some WindowHideObserver, guardProcess: SessionProcess,
                               pauseSeconds: Double = 0.5)
        throws -> (hidden: Latencies, listenerLate: Int)
    {
        let listener = try LockSignalListener(systemBusAddress: systemAddress, logindUniqueName: logindUniqueName)
        defer { listener.close() }
        var hidden = Latencies()
        var listenerLate = 0
        let rounds = options.tiny ? 3 : 30
        for round in 0...rounds {
            if round > 0 { Thread.sleep(forTimeInterval: pauseSeconds) }
            listener.reset()
            observer.reset()
            try callLogindSession("Lock")
            guard let start = listener.waitForArrival(timeout: 10) else { throw BenchError("Lock never arrived") }
            guard let gone = observer.waitUntilWindow(hidden: true, timeout: 10) else {
                throw BenchError("round \(round): the app's window was never hidden: \(guardProcess.logText())")
            }
            if round > 0 {
                if gone < start { listenerLate += 1 } else { hidden.record(nanoseconds: gone - start) }
            }
            observer.reset()
            try callLogindSession("Unlock")
            guard observer.waitUntilWindow(hidden: false, timeout: 10) != nil else {
                throw BenchError("round \(round): the app's window never came back")
            }
        }
        return (hidden, listenerLate)
    }
}
