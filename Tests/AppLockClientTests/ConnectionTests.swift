import AppLockClient
import AppLockCore
import AppLockProtocol
import AppLockTestSupport
import Synchronization
import Testing

/// ``AppLockConnection`` against the real agent: one owner registering several apps and following each, and a
/// second connection that unlocks an app it never registered, in both the awaiting and the blocking form.
@Suite("AppLockConnection")
struct ConnectionTests {
    @Test func oneOwnerFollowsSeveralAppsAndAnotherConnectionUnlocksThem() async throws {
        let harness = try ClientHarness()
        let owner = try AppLockConnection(busAddress: harness.environment.sessionBus.address)
        defer { owner.close() }
        let window = try AppLockConnection(busAddress: harness.environment.sessionBus.address)
        defer { window.close() }

        let seen = Mutex<[AppStateChange]>([])
        var observations: [AppLockObservation] = []
        for app in ["org.example.Notes", "org.example.Mail"] {
            observations.append(owner.observeStateChanges(of: app) { change in seen.withLock { $0.append(change) } })
            try await owner.register(app)
        }
        let listed = try await window.listApplications()
        #expect(Set(listed.map(\.appID)) == ["org.example.Notes", "org.example.Mail"])
        #expect(listed.allSatisfy { $0.owner == owner.uniqueName })

        try window.blocking.setPasscode("org.example.Notes", "2468", kind: .fourDigit)
        try window.blocking.lock("org.example.Notes")
        try await window.lock("org.example.Mail")
        #expect(waitUntil(timeout: .seconds(10)) {
            seen.withLock { changes in
                changes.contains { $0.appID == "org.example.Notes" && $0.state == .locked && $0.reason == .manual }
                    && changes.contains { $0.appID == "org.example.Mail" && $0.state == .obscured }
            }
        })

        var refusedAsWrong = false
        do {
            try await window.unlock("org.example.Notes", passcode: "1111")
        } catch .agent(.wrongPasscode, _) {
            refusedAsWrong = true
        } catch {
            Issue.record("a wrong passcode answered \(error)")
        }
        #expect(refusedAsWrong)
        let afterWrong = try await window.properties(of: "org.example.Notes")
        #expect(afterWrong.failedAttempts == 1)
        #expect(afterWrong.attemptsLeft == 4)
        #expect(afterWrong.state == .locked)
        #expect(afterWrong.passcodeKind == .fourDigit)

        try await window.unlock("org.example.Notes", passcode: "2468")
        #expect(waitUntil(timeout: .seconds(10)) {
            seen.withLock { $0.contains { $0.appID == "org.example.Notes" && $0.state == .unlocked } }
        })
        #expect(try owner.blocking.properties(of: "org.example.Notes").state == .unlocked)
        try await owner.reportActivity("org.example.Mail", .foreground)
        observations.forEach { $0.cancel() }
    }

    @Test func propertiesAreFollowedFromTheFirstRead() async throws {
        let harness = try ClientHarness()
        let owner = try AppLockConnection(busAddress: harness.environment.sessionBus.address)
        defer { owner.close() }
        try await owner.register("org.example.Notes")
        let latest = Mutex<AppProperties?>(nil)
        let observation = owner.observeProperties(of: "org.example.Notes") { properties in latest.withLock { $0 = properties } }
        defer { observation.cancel() }
        #expect(waitUntil(timeout: .seconds(10)) { latest.withLock { $0?.registered == true } })
        try await owner.setPasscode("org.example.Notes", "135790", kind: .sixDigit)
        #expect(waitUntil(timeout: .seconds(10)) { latest.withLock { $0?.passcodeKind == .sixDigit && $0?.hasPasscode == true } })
    }

    @Test func theCoreRulesRefuseBadArgumentsBeforeAnythingIsSent() async throws {
        let harness = try ClientHarness()
        let client = try AppLockConnection(busAddress: harness.environment.sessionBus.address)
        defer { client.close() }
        let badID = await #expect(throws: AppLockError.self) { try await client.register("notreverse") }
        #expect(badID?.agentError == .invalidArgument)
        let badShape = #expect(throws: AppLockError.self) {
            try client.blocking.setPasscode("org.example.Notes", "12a4", kind: .fourDigit)
        }
        #expect(badShape?.agentError == .invalidPasscode)
        let invisible = #expect(throws: AppLockError.self) {
            try client.blocking.setPasscode("org.example.Notes", "pass\u{200B}word", kind: .alphanumeric)
        }
        #expect(invisible?.agentError == .invalidPasscode, "an invisible format character is refused as the agent refuses it")
        let unknown = #expect(throws: AppLockError.self) { try client.blocking.properties(of: "org.example.Nobody") }
        #expect(unknown?.agentError == .unknownApplication)
        #expect(try client.blocking.listApplications().isEmpty, "nothing refused was registered")
    }
}
