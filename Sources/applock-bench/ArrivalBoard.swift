import DBusKit
import Foundation

/// When each app of a fleet last received the `StateChanged` the bench is waiting for (monotonic nanoseconds).
/// Written on the receivers' loop thread, read by the bench's main thread.
final class ArrivalBoard: @unchecked Sendable {
    /// What the apps are waiting for.
    enum Phase: Sendable {
        case idle
        case locked
        case unlocked
    }

    private let condition = NSCondition()
    private var phase = Phase.idle
    private var times: [UInt64]
    private var count = 0

    init(size: Int) {
        times = Array(repeating: 0, count: size)
    }

    /// Clears every arrival and waits for `phase` from now on.
    func reset(expecting phase: Phase) {
        condition.lock()
        defer { condition.unlock() }
        self.phase = phase
        for index in times.indices { times[index] = 0 }
        count = 0
    }

    /// Records that app `index` received a change to `state` at `time`.
    func arrive(_ index: Int, state: String, at time: UInt64) {
        let arrived: Phase = state == "unlocked" ? .unlocked : .locked
        condition.lock()
        defer { condition.unlock() }
        guard arrived == phase, times[index] == 0 else { return }
        times[index] = time
        count += 1
        if count == times.count { condition.broadcast() }
    }

    /// Waits until every app has arrived; returns the arrival times, or nil after `timeout` seconds.
    func waitForAll(timeout: Double) -> [UInt64]? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while count < times.count {
            if !condition.wait(until: deadline) { return count == times.count ? times : nil }
        }
        return times
    }

    /// How many apps have arrived in the current phase.
    var arrivedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return count
    }
}
