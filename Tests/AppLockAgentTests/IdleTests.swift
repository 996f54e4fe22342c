import AppLockTestSupport
import Foundation
import Testing

/// An idle agent sleeps in one blocking call: no timers, no polling.
///
/// How often it wakes up over a span of seconds is a figure of `applock-bench` (idle: voluntary context switches);
/// this test checks the cause of any wake-up instead: an armed timer, or a thread that waits with a timeout.
@Suite("Idle cost")
struct IdleTests {
    @Test("with 100 apps registered and nothing pending, the agent arms no timer and every thread waits without a timeout")
    func idleWakeUps() throws {
        // A desktop has a system bus with logind; without one the agent retries it on a timer.
        let harness = try AgentHarness(logind: true)
        let app = try harness.client()
        for index in 0..<100 {
            _ = try app.register("org.example.App\(index)")
        }
        #expect(try app.list().count == 100)
        let pid = harness.agent.pid
        var armed: [String] = []
        var timed: [String] = []
        // The replies and the bus's follow-up messages keep it busy for a moment; then it must go quiet for good.
        let idle = waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100)) {
            armed = Self.armedTimers(of: pid)
            timed = Self.threadsNotBlockedForever(of: pid)
            return armed.isEmpty && timed.isEmpty
        }
        #expect(idle, "armed timers: \(armed); threads that will wake by themselves or run: \(timed)")
        // Found quiet only while it runs and /proc shows its threads (an agent gone would look quiet too).
        #expect(harness.agent.isRunning)
        #expect(!((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).isEmpty)
    }

    /// The timerfds of `pid` that are armed (their `it_value` is not zero), as their fdinfo says.
    static func armedTimers(of pid: Int32) -> [String] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.compactMap { fd in
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) ?? ""
            guard target.contains("timerfd") else { return nil }
            let info = (try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8)) ?? ""
            let value = info.split(separator: "\n").first { $0.hasPrefix("it_value:") } ?? ""
            return value.contains("(0, 0)") ? nil : "fd \(fd) \(value)"
        }
    }

    /// The threads of `pid` that are running or blocked in a call that ends by itself (a timeout), each as
    /// `tid: /proc/…/syscall line`.
    static func threadsNotBlockedForever(of pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { task in
            let line = ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return blocksForever(line) ? nil : "\(task): \(line)"
        }
    }

    /// Whether a `/proc/<pid>/task/<tid>/syscall` line (the number in decimal, then six arguments in hex) is a call that only an
    /// event ends: a read, or a wait whose timeout is infinite. Linux x86-64 numbering.
    static func blocksForever(_ line: String) -> Bool {
        let fields = line.split(separator: " ")
        guard fields.count >= 7, let number = Int(fields[0]) else { return false }
        let argument = fields[1...6].map { UInt64($0.replacingOccurrences(of: "0x", with: ""), radix: 16) ?? 0 }
        switch number {
        case 0, 43, 45, 47, 61:  // read, accept, recvfrom, recvmsg, wait4
            return true
        case 7:  // poll(fds, n, timeout ms)
            return Int32(truncatingIfNeeded: argument[2]) < 0
        case 232, 281:  // epoll_wait, epoll_pwait (fd, events, n, timeout ms)
            return Int32(truncatingIfNeeded: argument[3]) < 0
        case 271:  // ppoll(fds, n, timespec*)
            return argument[2] == 0
        case 23, 270:  // select, pselect6 (…, timeout*)
            return argument[4] == 0
        case 441:  // epoll_pwait2(fd, events, n, timespec*)
            return argument[3] == 0
        case 202:  // futex(address, op, value, timespec*)
            return argument[3] == 0
        default:
            return false
        }
    }
}
