import AppLockClient
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

        do {
            try await session.unlockWithSystemAuthentication()
            Issue.record("polkit refused, yet the app unlocked")
        } catch .notAuthorized {
        }
        #expect(session.status.isLocked)

        try harness.environment.setPolkitAllowed(["io.github.applock.unlock"])
        try await session.unlockWithSystemAuthentication()
        #expect(await session.waitForStatus { !$0.isLocked }.held)
        #expect(session.status.reason == .unlock)

        await #expect(throws: AppLockError.notAuthorized(
            "Not authorized: the user did not authenticate (or no authentication agent runs in the session).")
        ) { try await session.resetPasscode() }
        try harness.environment.setPolkitAllowed(["io.github.applock.reset-passcode"])
        try await session.resetPasscode()
        #expect(await session.waitForStatus { !$0.hasPasscode }.held)

        harness.environment.stopPolkit()
        await #expect(throws: AppLockError.noPasscode) { try await session.unlockWithSystemAuthentication() }
    }
}
