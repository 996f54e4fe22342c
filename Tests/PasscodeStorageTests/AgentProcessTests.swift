import AppLockTestSupport
import Glibc
import Testing

@Suite("Agent process helper")
struct AgentProcessTests {
    @Test("launches the built applockd on the private bus, restarts it and reads its /proc status")
    func lifecycle() throws {
        let environment = try TestEnvironment()
        defer { environment.cleanup() }
        try environment.startKeyring()
        let agent = try AgentProcess(environment: environment)
        try agent.waitUntilServing()
        let first = agent.pid
        #expect(environment.ownerPID(of: AgentProcess.busName) == first)
        #expect((agent.status(key: "VmRSS") ?? 0) > 0)
        #expect(agent.status(key: "voluntary_ctxt_switches") != nil)

        try agent.restart()
        try agent.waitUntilServing()
        #expect(agent.pid != first)
        #expect(environment.ownerPID(of: AgentProcess.busName) == agent.pid)

        agent.kill(SIGTERM)
        #expect(agent.waitForExit() != nil)
        #expect(!agent.isRunning)
    }
}
