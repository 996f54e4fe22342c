import AppLockClient
import AppLockProtocol
import AppLockTestSupport
import Testing

/// The client library's system authentication against the real agent and python-dbusmock's polkitd.
@Suite struct SystemAuthenticationSessionTests {
    @Test func unlockWithSystemAuthenticationAndResetPasscode() async throws {
        let harness = try ClientHarness(polkit: true)
        let session = try harness.session("org.example.Notes")
        defer { session.close() }
        await session.waitUntilReady()
        try await session.setPasscode("2468", kind: .fourDigit)
        try await session.lock()
        #expect(await session.waitForStatus { $0.isLocked && $0.hasPasscode }.held)

        #expect(await Self.refusal { try await session.unlockWithSystemAuthentication() } == .notAuthorized)
        #expect(session.status.isLocked)

        try harness.environment.setPolkitAllowed(["io.github.applock.unlock"])
        try await session.unlockWithSystemAuthentication()
        #expect(await session.waitForStatus { !$0.isLocked }.held)
        #expect(session.status.reason == .unlock)

        #expect(await Self.refusal { try await session.resetPasscode() } == .notAuthorized)
        try harness.environment.setPolkitAllowed(["io.github.applock.reset-passcode"])
        try await session.resetPasscode()
        #expect(await session.waitForStatus { !$0.hasPasscode }.held)

        let connection = try AppLockConnection(busAddress: harness.environment.sessionBus.address)
        #expect(await Self.refusal { try await connection.unlockWithSystemAuthentication(.notes) } == .noPasscode)
    }

    /// The agent's refusal of `call`, nil when it succeeded (or failed otherwise).
    static func refusal(_ call: () async throws -> Void) async -> AgentError? {
        do {
            try await call()
            return nil
        } catch let error as AppLockError {
            return error.agentError
        } catch {
            return nil
        }
    }
}
