@testable import AppLockAgent
import Glibc
import Testing

/// The polkit subject for a caller: the start time read from `/proc/PID/stat`, whatever the command name holds.
@Suite struct CallerProcessTests {
    @Test func startTimeIsField22CountedAfterTheLastParenthesis() {
        let fields = ["S"] + (4...21).map(String.init) + ["987654", "23", "24"]
        #expect(CallerProcess.startTime(fromStat: "42 (plain) " + fields.joined(separator: " ")) == 987654)
        #expect(CallerProcess.startTime(fromStat: "42 (a) b) (c d) " + fields.joined(separator: " ")) == 987654)
        #expect(CallerProcess.startTime(fromStat: "42 (short) S 4 5") == nil)
        #expect(CallerProcess.startTime(fromStat: "garbage") == nil)
    }

    @Test func readsThisProcess() throws {
        let me = try #require(CallerProcess.read(pid: UInt32(getpid()), uid: getuid()))
        #expect(me.startTime > 0)
        #expect(!me.executable.isEmpty)
        #expect(CallerProcess.read(pid: UInt32(Int32.max), uid: 0) == nil)
    }
}
