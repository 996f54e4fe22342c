import AppLockTestSupport
import Dispatch
import Foundation
import SystemKit
import Testing

@Suite("Bounded work queue")
struct BoundedWorkQueueTests {
    /// What the jobs saw, behind a lock.
    final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private var maximum = 0
        private var started: [Int] = []
        private var finished = 0

        func start(_ job: Int) {
            lock.withLock {
                running += 1
                maximum = max(maximum, running)
                started.append(job)
            }
        }

        func finish() {
            lock.withLock {
                running -= 1
                finished += 1
            }
        }

        var snapshot: (running: Int, maximum: Int, started: [Int], finished: Int) {
            lock.withLock { (running, maximum, started, finished) }
        }
    }

    @Test("never runs more than its workers at once, and starts jobs in submission order")
    func bound() throws {
        let queue = try BoundedWorkQueue(workers: 2)
        #expect(queue.workerCount == 2)
        let record = Record()
        let gate = DispatchSemaphore(value: 0)
        let jobs = 8
        for job in 0..<jobs {
            queue.submit {
                record.start(job)
                gate.wait()
                record.finish()
            }
        }
        // Jobs 0 and 1 start together on the two workers; which of them records its start first is up to the
        // scheduler. From then on each finished job frees one worker, which takes the oldest job left.
        #expect(waitUntil(timeout: .seconds(5)) { record.snapshot.running == 2 })
        #expect(record.snapshot.started.sorted() == [0, 1])
        for released in 1...jobs {
            gate.signal()
            let expectedStarted = min(jobs, released + 2)
            #expect(waitUntil(timeout: .seconds(5)) {
                let snapshot = record.snapshot
                return snapshot.finished == released && snapshot.started.count == expectedStarted
            })
            #expect(record.snapshot.running <= 2)
        }
        let snapshot = record.snapshot
        #expect(snapshot.maximum == 2)
        #expect(snapshot.started.prefix(2).sorted() == [0, 1])
        #expect(Array(snapshot.started.dropFirst(2)) == Array(2..<jobs))
        #expect(snapshot.finished == jobs)
    }

    @Test("a released queue still runs the jobs already submitted")
    func drainsAfterRelease() throws {
        let record = Record()
        do {
            let queue = try BoundedWorkQueue(workers: 1)
            for job in 0..<3 {
                queue.submit {
                    record.start(job)
                    record.finish()
                }
            }
        }
        #expect(waitUntil(timeout: .seconds(5)) { record.snapshot.finished == 3 })
        #expect(record.snapshot.started == [0, 1, 2])
    }
}
