import AppLockTestSupport
import SystemKit
import Testing

/// `ChildProcess`: the agent's way to run applock-store-helper.
@Suite struct ChildProcessTests {
    @Test func writesInputAndReadsOutputToTheEnd() throws {
        let child = try ChildProcess(executable: "/bin/cat", arguments: [])
        let deadline = ContinuousClock.now + .seconds(10)
        try child.write(Array("lookup org.example.Notes\n".utf8), deadline: deadline)
        child.closeInput()
        let output = try child.readToEnd(limit: 1024, deadline: deadline)
        #expect(String(decoding: output, as: UTF8.self) == "lookup org.example.Notes\n")
        #expect(ChildProcess.exitCode(child.wait()) == 0)
    }

    @Test func passesArgumentsAndEnvironment() throws {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "echo \"$1 $GREETING\"", "sh", "hi"],
                                     environment: ["GREETING=there"])
        child.closeInput()
        let output = try child.readToEnd(limit: 1024, deadline: ContinuousClock.now + .seconds(10))
        #expect(String(decoding: output, as: UTF8.self) == "hi there\n")
        #expect(ChildProcess.exitCode(child.wait()) == 0)
    }

    @Test func aSilentChildTimesOutAndCanBeKilled() throws {
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["30"])
        #expect(throws: ChildProcessError.timedOut) {
            _ = try child.readToEnd(limit: 1024, deadline: ContinuousClock.now + .milliseconds(200))
        }
        #expect(child.exitStatusIfExited() == nil, "the read gave up at its deadline, not when the child ended")
        child.kill()
        #expect(ChildProcess.exitCode(child.wait()) == nil)
    }

    @Test func writingToAnExitedChildIsClosedNotSIGPIPE() throws {
        let child = try ChildProcess(executable: "/bin/true", arguments: [])
        child.wait()
        // A child that another test spawns meanwhile holds a copy of the input socket until its exec closes it
        // (close-on-exec), so a write may still be taken in; once no copy is left the write is `closed`, and
        // never a SIGPIPE (which would end this process).
        var refusal: ChildProcessError?
        let refused = waitUntil(timeout: .seconds(10)) {
            do throws(ChildProcessError) {
                try child.write(Array("x\n".utf8), deadline: ContinuousClock.now + .seconds(5))
                return false
            } catch {
                refusal = error
                return true
            }
        }
        #expect(refused)
        #expect(refusal == .closed)
    }

    @Test func aMissingExecutableIsASpawnError() {
        #expect(throws: ChildProcessError.self) {
            _ = try ChildProcess(executable: "/nonexistent/applock-store-helper", arguments: [])
        }
    }

    @Test func tooMuchOutputIsRefused() throws {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "head -c 100000 /dev/zero"])
        child.closeInput()
        #expect(throws: ChildProcessError.tooMuchOutput) {
            _ = try child.readToEnd(limit: 1000, deadline: ContinuousClock.now + .seconds(10))
        }
    }
}
