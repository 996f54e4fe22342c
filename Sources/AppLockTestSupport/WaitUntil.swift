import Foundation

/// Evaluates `condition` until it holds or `timeout` has passed; the only place where tests poll.
///
/// Use it to wait for an event with a deadline, never as a sleep. Returns whether the condition held in time.
@discardableResult
public func waitUntil(
    timeout: Duration,
    pollEvery: Duration = .milliseconds(10),
    _ condition: () throws -> Bool
) rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
        if try condition() {
            return true
        }
        let now = clock.now
        if now >= deadline {
            return false
        }
        let pause = min(pollEvery, now.duration(to: deadline))
        Thread.sleep(forTimeInterval: pause.timeInterval)
    }
}
