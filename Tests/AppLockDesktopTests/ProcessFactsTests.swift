import AppLockDesktop
import Glibc
import SystemKit
import Testing

/// `/proc` read once for everyone, and AppLock's programs found beside each other.
@Suite struct ProcessFactsTests {
    @Test func statFieldsAreCountedAfterTheLastParenthesis() {
        let fields = ["S", "77"] + (5...21).map(String.init) + ["987654", "23", "24"]
        #expect(ProcessStat(parsing: "42 (plain) " + fields.joined(separator: " "))
            .map { [$0.parent, Int32($0.startTime)] } == [77, 987654])
        #expect(ProcessStat(parsing: "42 (a) b) (c d) " + fields.joined(separator: " "))?.startTime == 987654)
        #expect(ProcessStat(parsing: "42 (short) S 4 5") == nil)
        #expect(ProcessStat(parsing: "garbage") == nil)
    }

    @Test func thisProcess() throws {
        let stat = try #require(ProcessFiles.stat(of: getpid()))
        #expect(stat.parent == getppid())
        #expect(stat.startTime > 0)
        let executable = try #require(ProcessFiles.executable(of: getpid()))
        #expect(ProcessFiles.ownExecutable() == executable)
        #expect(ProcessFiles.ownExecutableFolder().map { executable.hasPrefix($0 + "/") } == true)
        let ancestors = ProcessFiles.ancestors(of: getpid())
        #expect(ancestors.first == getppid())
        #expect(!ancestors.contains(getpid()) && !ancestors.contains(1))
        #expect(ProcessFiles.ancestors(of: 1).isEmpty)
        #expect(ProcessFiles.stat(of: Int32.max) == nil)
        #expect(ProcessFiles.executable(of: Int32.max) == nil)
    }

    @Test func lockWindowBesideTheRunningProgram() throws {
        #expect(SiblingExecutable.lockWindow(environment: ["APPLOCK_LOCK_WINDOW": "/opt/lw"]) == "/opt/lw")
        let folder = try #require(ProcessFiles.ownExecutableFolder())
        #expect(SiblingExecutable.lockWindow(environment: ["APPLOCK_LOCK_WINDOW": ""]) == folder + "/applock-lock-window")
        #expect(SiblingExecutable.installedLockWindow(environment: ["APPLOCK_LOCK_WINDOW": "/nonexistent/lw"]) == nil)
        #expect(SiblingExecutable.installedLockWindow(environment: ["APPLOCK_LOCK_WINDOW": "/bin/true"]) == "/bin/true")
    }
}
