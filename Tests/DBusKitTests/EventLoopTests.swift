import DBusKit
import Foundation
import SystemKit
import Testing

@Suite struct EventLoopTests {
    static func voluntarySwitches(tid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/task/\(tid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") })
        return try #require(Int(line.split(separator: "\t").last!.trimmingCharacters(in: .whitespaces)))
    }

    @Test func timersFireInOrderAndCancel() throws {
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        let fired = LockedBox<[String]>([])
        try thread.sync {
            let loop = thread.loop
            let now = EventLoop.bootTimeNanoseconds()
            loop.schedule(at: .bootTime(nanoseconds: now + 30_000_000)) { fired.mutate { $0.append("mono30") } }
            loop.schedule(at: .bootTime(nanoseconds: now + 10_000_000)) { fired.mutate { $0.append("mono10") } }
            let cancelled = loop.schedule(at: .bootTime(nanoseconds: now + 20_000_000)) {
                fired.mutate { $0.append("cancelled") }
            }
            loop.cancel(cancelled)
            loop.schedule(at: .wallClock(unixMicroseconds: EventLoop.wallClockMicroseconds() + 20_000)) {
                fired.mutate { $0.append("wall20") }
            }
            loop.schedule(at: .bootTime(nanoseconds: 1)) { fired.mutate { $0.append("past") } }
        }
        #expect(waitFor { fired.value.count == 4 })
        // Each clock's timers fire in deadline order and a cancelled one never fires. Across the two clocks no
        // order is promised: a loop held up past every deadline (a loaded machine) finds them all due at once.
        #expect(fired.value.filter { $0 != "wall20" } == ["past", "mono10", "mono30"])
        #expect(fired.value.contains("wall20") && !fired.value.contains("cancelled"))
    }

    @Test func postFromOtherThreadsAndLoopBound() throws {
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        let count = LockedBox(0)
        DispatchQueue.concurrentPerform(iterations: 100) { _ in
            thread.loop.post { count.mutate { $0 += 1 } }
        }
        #expect(waitFor { count.value == 100 })
        #expect(!thread.loop.inLoop)
        #expect(try thread.sync { thread.loop.inLoop })
        let bound = try thread.sync { LoopBound([1, 2, 3], loop: thread.loop) }
        #expect(try thread.sync { bound.value } == [1, 2, 3])
    }

    @Test func watchReportsReadableFD() throws {
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let got = LockedBox<[UInt8]>([])
        let readEnd = fds[0]
        try thread.sync {
            var handle: WatchHandle?
            handle = thread.loop.watch(fd: readEnd, readable: true, writable: false) { events in
                var byte: UInt8 = 0
                if events.contains(.readable), read(readEnd, &byte, 1) == 1 { got.mutate { $0.append(byte) } }
                if byte == UInt8(ascii: "z"), let h = handle { thread.loop.unwatch(h) }
            }
        }
        #expect(write(fds[1], "az", 2) == 2)
        #expect(waitFor { got.value == [UInt8(ascii: "a"), UInt8(ascii: "z")] })
    }

    @Test func signalsArriveThroughSignalfd() throws {
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        let hits = LockedBox(0)
        try thread.sync { thread.loop.onSignal(SIGUSR2) { hits.mutate { $0 += 1 } } }
        let tid = thread.loop.threadID
        #expect(tid > 0)
        // raise() signals the calling thread: the loop thread, where SIGUSR2 is blocked and read by signalfd.
        thread.loop.post { raise(SIGUSR2) }
        #expect(waitFor { hits.value == 1 })
    }

    @Test func idleLoopWithBusConnectionDoesNotWakeUp() throws {
        let bus = try TestBus()
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        try EchoService.start(on: thread, bus: bus)
        let client = try Connection.address(bus.address)
        _ = try client.call(
            destination: EchoService.name, path: EchoService.path, interface: EchoService.interface, member: "Echo")
        let tid = thread.loop.threadID
        // The call's reply and the bus's own follow-ups may still be in flight: measure once the count settles.
        var settled = try Self.voluntarySwitches(tid: tid)
        let settleDeadline = ContinuousClock.now.advanced(by: .seconds(3))
        while ContinuousClock.now < settleDeadline {
            usleep(250_000)
            let now = try Self.voluntarySwitches(tid: tid)
            if now == settled { break }
            settled = now
        }
        let before = try Self.voluntarySwitches(tid: tid)
        let deadline = ContinuousClock.now.advanced(by: .seconds(2))
        while ContinuousClock.now < deadline { usleep(100_000) }
        let after = try Self.voluntarySwitches(tid: tid)
        #expect(after - before == 0)
    }
}
