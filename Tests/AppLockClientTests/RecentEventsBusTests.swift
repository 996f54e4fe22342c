import AppLockClient
import AppLockProtocol
import AppLockTestSupport
import Testing

/// `GetRecentEvents` against the real agent: the locks and unlocks an app went through, oldest first, with their
/// reasons, and never the passcode that unlocked it.
@Suite("GetRecentEvents")
struct RecentEventsBusTests {
    @Test func locksAndUnlocksAreListedWithTheirReasonsAndNoPasscode() async throws {
        let harness = try ClientHarness()
        let client = try AppLockConnection(busAddress: harness.environment.sessionBus.address)
        defer { client.close() }
        #expect(try await client.recentEvents().isEmpty)

        let before = AppLockStatus.currentUnixMicroseconds()
        try await client.setPasscode(.notes, "5791", kind: .fourDigit)
        try await client.unlock(.notes, passcode: "5791")
        try await client.lock(.notes)

        let events = try await client.recentEvents()
        #expect(events.map(\.app) == [.notes, .notes])
        #expect(events.map(\.state) == [.unlocked, .locked])
        #expect(events.map(\.reason) == [LockReason(rawValue: "unlock"), .manual])
        #expect(events.allSatisfy { $0.time >= before && $0.time <= AppLockStatus.currentUnixMicroseconds() })

        let wire = harness.environment.call(
            destination: "io.github.applock.AppLock1", path: "/io/github/applock/AppLock1",
            method: "io.github.applock.AppLock1.Manager.GetRecentEvents", [])
        #expect(wire.succeeded, "\(wire.stderr)")
        #expect(wire.stdout.contains("org.example.Notes"))
        #expect(!wire.stdout.contains("5791"), "the passcode never appears in the recent events")
    }
}
