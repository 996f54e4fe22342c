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
        for app in [AppID.notes, .mail] {
            observations.append(owner.observeStateChanges(of: app) { change in seen.withLock { $0.append(change) } })
            try await owner.register(app)
        }
        let listed = try await window.listApplications()
        #expect(Set(listed.map(\.appID)) == [.notes, .mail])
        #expect(listed.allSatisfy { $0.owner == owner.uniqueName })

        try window.blocking.setPasscode(.notes, "2468", kind: .fourDigit)
        try window.blocking.lock(.notes)
        try await window.lock(.mail)
        #expect(waitUntil(timeout: .seconds(10)) {
            seen.withLock { changes in
                changes.contains { $0.appID == .notes && $0.state == .locked && $0.reason == .manual }
                    && changes.contains { $0.appID == .mail && $0.state == .obscured }
            }
        })

        var refusedAsWrong = false
        do {
            try await window.unlock(.notes, passcode: "1111")
        } catch .agent(.wrongPasscode, _) {
            refusedAsWrong = true
        } catch {
            Issue.record("a wrong passcode answered \(error)")
        }
        #expect(refusedAsWrong)
        let afterWrong = try await window.properties(of: .notes)
        #expect(afterWrong.failedAttempts == 1)
        #expect(afterWrong.attemptsLeft == 4)
        #expect(afterWrong.state == .locked)
        #expect(afterWrong.passcodeKind == .fourDigit)

        try await window.unlock(.notes, passcode: "2468")
        #expect(waitUntil(timeout: .seconds(10)) {
            seen.withLock { $0.contains { $0.appID == .notes && $0.state == .unlocked } }
        })
        #expect(try owner.blocking.properties(of: .notes).state == .unlocked)
        try await owner.reportActivity(.mail, .foreground)
        observations.forEach { $0.cancel() }
    }

    @Test func propertiesAreFollowedFromTheFirstRead() async throws {
        let harness = try ClientHarness()
        let owner = try AppLockConnection(busAddress: harness.environment.sessionBus.address)
        defer { owner.close() }
        try await owner.register(.notes)
        let latest = Mutex<AppProperties?>(nil)
        let link = AppLockRegistrar(connection: owner) { event in
            if case .properties(.notes, .success(let properties)) = event { latest.withLock { $0 = properties } }
        }
        link.follow(.notes)
        defer { link.close() }
        #expect(waitUntil(timeout: .seconds(10)) { latest.withLock { $0?.registered == true } })
        try await owner.setPasscode(.notes, "135790", kind: .sixDigit)
        #expect(waitUntil(timeout: .seconds(10)) { latest.withLock { $0?.passcodeKind == .sixDigit && $0?.hasPasscode == true } })
    }

    @Test func theCoreRulesRefuseBadArgumentsBeforeAnythingIsSent() async throws {
        let harness = try ClientHarness()
        let client = try AppLockConnection(busAddress: harness.environment.sessionBus.address)
        defer { client.close() }
        let spaced = "my notes"
        #expect(throws: AppIDError.invalidCharacter(" "), "a malformed id cannot be made, let alone sent") {
            try AppID(spaced)
        }
        let badShape = #expect(throws: AppLockError.self) {
            try client.blocking.setPasscode(.notes, "12a4", kind: .fourDigit)
        }
        #expect(badShape?.agentError == .invalidPasscode)
        let invisible = #expect(throws: AppLockError.self) {
            try client.blocking.setPasscode(.notes, "pass\u{200B}word", kind: .alphanumeric)
        }
        #expect(invisible?.agentError == .invalidPasscode, "an invisible format character is refused as the agent refuses it")
        let unknown = #expect(throws: AppLockError.self) { try client.blocking.properties(of: .nobody) }
        #expect(unknown?.agentError == .unknownApplication)
        #expect(try client.blocking.listApplications().isEmpty, "nothing refused was registered")
    }
}
