import AppLockAgentCore
@testable import AppLockCore
import Testing

/// The decisions ``PasscodeCustody`` takes for the agent: whether a passcode is known, tampered with, which policy is
/// authenticated, what is held and when it is sealed.
@Suite struct PasscodeCustodyTests {
    let notes = appID("org.example.Notes")
    let mail = appID("org.example.Mail")

    func files(_ text: String) throws -> PolicySet {
        PolicySet(perApp: [notes: try PolicyOverrides.parse("[Policy]\n" + text, fileName: "n")])
    }

    func appliedPolicies(_ actions: [CustodyAction]) -> PolicySet? {
        for case .applyPolicies(let policies) in actions { return policies }
        return nil
    }

    @Test func aNewlyKnownPasscodeIsRecordedAndItsAuthenticatedPolicyReadOnce() {
        var custody = PasscodeCustody()
        #expect(custody.passcodeKnown(notes, kind: .sixDigit) == [.saveRecords, .readAuthenticatedPolicy(notes, thenApply: true)])
        custody.authenticatedPolicyRead(notes, sealed: nil, claimed: nil)
        #expect(custody.passcodeKnown(notes, kind: .sixDigit).isEmpty, "known already: nothing to write or read")
        #expect(custody.passcodeKnown(notes, kind: .sixDigit, fingerprint: "f1") == [.saveRecords], "its first hash is adopted")
        #expect(custody.passcodeKnown(notes, kind: .sixDigit).isEmpty, "no fingerprint keeps the recorded one")
        #expect(custody.records.records[notes] == PasscodeRecords.Record(kind: .sixDigit, fingerprint: "f1"))
    }

    @Test func recordsRestoredAtStartupReadEachAuthenticatedPolicyWithoutApplyingYet() {
        var records = PasscodeRecords()
        records.stored(notes, kind: .sixDigit, fingerprint: "f1")
        records.stored(mail, kind: .alphanumeric, fingerprint: nil)
        var custody = PasscodeCustody()
        #expect(custody.restore(records) == [.readAuthenticatedPolicy(mail, thenApply: false),
                                             .readAuthenticatedPolicy(notes, thenApply: false)])
        #expect(!custody.sealChecks(for: .app(notes)).isEmpty, "no key is held until the passcode is entered in this run")
    }

    @Test func aWeakeningInTheFilesIsHeldAndSaidOnceUntilConfirmed() throws {
        var custody = PasscodeCustody()
        _ = custody.passcodeKnown(notes, kind: .sixDigit, fingerprint: "f1")
        custody.authenticatedPolicyRead(notes, sealed: nil, claimed: nil)
        let weak = try files("GracePeriod=86400\n")
        let first = custody.applyFiles(weak)
        #expect(first.contains(.policyHeld(notes, keys: ["GracePeriod"])))
        #expect(appliedPolicies(first)?.effectivePolicy(for: notes).gracePeriod == Policy.defaults.gracePeriod)
        #expect(custody.held == [notes: ["GracePeriod"]])
        #expect(!custody.applyFiles(weak).contains(.policyHeld(notes, keys: ["GracePeriod"])), "said once")

        let confirmed = custody.confirm(notes, files: weak)
        #expect(confirmed.first == .keepUnsealed(notes), "no sealing key in this run: kept in memory")
        #expect(appliedPolicies(confirmed)?.effectivePolicy(for: notes).gracePeriod == 86400)
        #expect(confirmed.last == .announcePolicyReloaded)
        #expect(custody.held.isEmpty)
    }

    @Test func aFirstPasscodeSealsTheFilesPolicyWithItsNewKey() throws {
        var custody = PasscodeCustody()
        let policy = try files("MaxFailedAttempts=3\n")
        let actions = custody.firstPasscodeStored(notes, kind: .sixDigit, fingerprint: "f1", files: policy)
        let text = policy.effectivePolicy(for: notes).policyFileText
        let sealed: [CustodyAction] = [.saveRecords, .seal(notes, policyText: text, fingerprint: "f1")]
        #expect(Array(actions.prefix(2)) == sealed)
        #expect(appliedPolicies(actions)?.effectivePolicy(for: notes).maxFailedAttempts == 3)
        #expect(custody.sealChecks(for: .app(notes)).isEmpty)
        custody.sealSaved(notes, SealedPolicy(policyText: text, salt: "00", tag: "11"))
        #expect(custody.sealedOnDisk[notes]?.policyText == text)
    }

    @Test func anAuthenticSealReleasesWhatWasHeldOnlyForWantOfVerification() throws {
        var custody = PasscodeCustody()
        _ = custody.passcodeKnown(notes, kind: .sixDigit, fingerprint: "f1")
        let claimed = try PolicyOverrides.parse("[Policy]\nGracePeriod=600\n", fileName: "c").applied(to: .defaults)
        let sealed = SealedPolicy(policyText: claimed.policyFileText, salt: "00", tag: "11")
        custody.authenticatedPolicyRead(notes, sealed: sealed, claimed: claimed)
        let weak = try files("GracePeriod=600\n")
        _ = custody.applyFiles(weak)
        #expect(custody.held == [notes: ["GracePeriod"]], "unverified: held against the defaults")

        let actions = custody.passcodeVerified(notes, derivedKey: true, claimIsAuthentic: true, files: weak)
        #expect(actions.first == .authenticatedPolicyVerified(notes, authentic: true, claimOnDisk: true))
        #expect(actions.contains(.seal(notes, policyText: claimed.policyFileText, fingerprint: "f1")))
        #expect(appliedPolicies(actions)?.effectivePolicy(for: notes).gracePeriod == 600)
        #expect(actions.last == .announcePolicyReloaded, "the held changes are others now: the guard reads again")
        #expect(custody.held.isEmpty && custody.sealChecks(for: .app(notes)).isEmpty)
    }

    @Test func aForgedSealKeepsTheStricterPolicyAndALaterAttemptChecksNoSealAgain() throws {
        var custody = PasscodeCustody()
        _ = custody.passcodeKnown(notes, kind: .sixDigit, fingerprint: "f1")
        let claimed = try PolicyOverrides.parse("[Policy]\nGracePeriod=600\n", fileName: "c").applied(to: .defaults)
        custody.authenticatedPolicyRead(notes, sealed: SealedPolicy(policyText: "x", salt: nil, tag: nil), claimed: claimed)
        let weak = try files("GracePeriod=600\n")
        _ = custody.applyFiles(weak)
        let actions = custody.passcodeVerified(notes, derivedKey: true, claimIsAuthentic: false, files: weak)
        #expect(actions.first == .authenticatedPolicyVerified(notes, authentic: false, claimOnDisk: true))
        #expect(appliedPolicies(actions)?.effectivePolicy(for: notes).gracePeriod == Policy.defaults.gracePeriod)
        #expect(!actions.contains(.announcePolicyReloaded), "nothing held changed")
        #expect(custody.held == [notes: ["GracePeriod"]])

        let again = custody.passcodeVerified(notes, derivedKey: false, claimIsAuthentic: nil, files: weak)
        #expect(again == [.seal(notes, policyText: Policy.defaults.policyFileText, fingerprint: "f1")],
                "verified already: sealed again with the hash of this attempt, nothing applied")
    }

    @Test func aTamperedItemIsToldOncePerEpisode() {
        var custody = PasscodeCustody()
        _ = custody.passcodeKnown(notes, kind: .sixDigit, fingerprint: "f1")
        custody.authenticatedPolicyRead(notes, sealed: nil, claimed: nil)
        #expect(custody.tampered(notes) == [.notifyTampered(notes)])
        #expect(custody.tampered(notes).isEmpty, "the same episode")
        _ = custody.passcodeVerified(notes, derivedKey: false, claimIsAuthentic: nil, files: PolicySet())
        #expect(custody.tampered(notes) == [.notifyTampered(notes)], "the original item verified: a new episode")
        _ = custody.passcodeForgotten(notes, files: PolicySet())
        #expect(custody.tampered(notes) == [.notifyTampered(notes)], "reset: a new episode")
    }

    @Test func aForgottenPasscodeDropsItsKeyItsRecordAndItsAuthenticatedPolicy() throws {
        var custody = PasscodeCustody()
        let weak = try files("GracePeriod=86400\n")
        _ = custody.firstPasscodeStored(notes, kind: .sixDigit, fingerprint: "f1", files: PolicySet())
        _ = custody.applyFiles(weak)
        #expect(custody.held == [notes: ["GracePeriod"]])
        let actions = custody.passcodeForgotten(notes, files: weak)
        let forgotten: [CustodyAction] = [.saveRecords, .dropSealingKey(notes), .removeAuthenticatedPolicy(notes)]
        #expect(Array(actions.prefix(3)) == forgotten)
        #expect(appliedPolicies(actions)?.effectivePolicy(for: notes).gracePeriod == 86400, "nothing is held any more")
        #expect(custody.held.isEmpty && custody.records.records[notes] == nil && !custody.sealChecks(for: .app(notes)).isEmpty)
        #expect(custody.passcodeForgotten(notes, files: weak) == [.dropSealingKey(notes)], "forgotten already")
    }
}
