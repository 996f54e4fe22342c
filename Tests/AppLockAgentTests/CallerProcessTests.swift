@testable import AppLockAgent
import Glibc
import Testing

/// The polkit subject for a caller: its start time and executable, read from `/proc`.
@Suite struct CallerProcessTests {
    @Test func readsThisProcess() throws {
        let me = try #require(CallerProcess.read(pid: UInt32(getpid()), uid: getuid()))
        #expect(me.startTime > 0)
        #expect(!me.executable.isEmpty)
        #expect(CallerProcess.read(pid: UInt32(Int32.max), uid: 0) == nil)
    }
}
