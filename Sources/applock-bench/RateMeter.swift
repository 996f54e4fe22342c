import DBusKit
import Foundation
import SystemKit

/// Blocking method round trips from `clients` connections at once (one thread each) for a fixed time.
enum RateMeter {
    /// Returns calls per second over all clients and the latency of every call.
    static func measure(
        address: String, clients: Int, seconds: Double, warmUp: Int = 200,
        _ call: @escaping @Sendable (Connection) throws -> Void
    ) throws -> (rate: Double, latencies: Latencies) {
        let results = Results()
        let ready = DispatchGroup()
        let done = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        for index in 0..<clients {
            ready.enter()
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                var latencies = Latencies()
                var count = 0
                do {
                    let connection = try Connection.address(address)
                    defer { connection.close() }
                    for _ in 0..<warmUp { try call(connection) }
                    ready.leave()
                    go.wait()
                    let end = EventLoop.bootTimeNanoseconds() + UInt64(seconds * 1e9)
                    var now = EventLoop.bootTimeNanoseconds()
                    while now < end {
                        try call(connection)
                        let after = EventLoop.bootTimeNanoseconds()
                        latencies.record(nanoseconds: after - now)
                        now = after
                        count += 1
                    }
                    results.add(count, latencies, elapsed: now, error: nil)
                } catch {
                    ready.leave()
                    results.add(0, latencies, elapsed: 0, error: error)
                }
            }
            thread.name = "bench-client-\(index)"
            thread.start()
        }
        ready.wait()
        let start = EventLoop.bootTimeNanoseconds()
        for _ in 0..<clients { go.signal() }
        done.wait()
        return try results.summary(start: start)
    }

    /// What the client threads found.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0
        private var latencies = Latencies()
        private var lastEnd: UInt64 = 0
        private var error: (any Error)?

        func add(_ count: Int, _ other: Latencies, elapsed end: UInt64, error: (any Error)?) {
            lock.withLock {
                calls += count
                latencies.add(other)
                lastEnd = max(lastEnd, end)
                if let error { self.error = error }
            }
        }

        func summary(start: UInt64) throws -> (rate: Double, latencies: Latencies) {
            try lock.withLock {
                if let error { throw error }
                return (Double(calls) / (Double(lastEnd - start) / 1e9), latencies)
            }
        }
    }
}
