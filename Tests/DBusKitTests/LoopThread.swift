import DBusKit
import Foundation

/// Runs an EventLoop on its own thread; `sync` runs a closure there and waits for it.
final class LoopThread: @unchecked Sendable {
    let loop: EventLoop
    private let finished = DispatchSemaphore(value: 0)
    /// Loop-thread-only storage for the test's connection.
    var connection: Connection?

    init() throws {
        loop = try EventLoop()
        let loop = loop
        let finished = finished
        let thread = Thread {
            loop.run()
            finished.signal()
        }
        thread.start()
        let started = DispatchSemaphore(value: 0)
        loop.post { started.signal() }
        started.wait()
    }

    func sync<T>(_ body: @escaping () throws -> T) throws -> T {
        nonisolated(unsafe) var result: Result<T, any Error>?
        nonisolated(unsafe) let work = body
        let done = DispatchSemaphore(value: 0)
        loop.post {
            result = Result { try work() }
            done.signal()
        }
        done.wait()
        return try result!.get()
    }

    func shutdown() {
        _ = try? sync { self.connection?.close(); self.connection = nil }
        loop.stop()
        finished.wait()
    }
}
