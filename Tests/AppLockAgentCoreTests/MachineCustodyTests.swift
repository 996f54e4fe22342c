import AppLockAgentCore
@testable import AppLockCore
import Testing

/// The state machine owns the passcode custody: one call brings a passcode fact to the app's state and to the
/// custody, and the policy the custody lets apply reaches the apps inside the machine, never through the agent.
@Suite struct MachineCustodyTests {
    let notes = appID("org.example.Notes")

    func files(_ text: String) throws -> PolicySet {
        PolicySet(perApp: [notes: try PolicyOverrides.parse("[Policy]\n" + text, fileName: "n")])
    }

    @Test func aPasscodeMadeKnownReachesTheAppAndTheCustodyInOneCall() {
        var machine = AgentStateMachine()
        let actions = machine.passcodeKnown(notes, kind: .sixDigit, fingerprint: "f1", now: t(0))
        #expect(machine.snapshot(of: notes)?.hasPasscode == true)
        #expect(machine.custody.records.records[notes] == PasscodeRecords.Record(kind: .sixDigit, fingerprint: "f1"))
        #expect(actions.suffix(2) == [.custody(.saveRecords), .custody(.readAuthenticatedPolicy(notes, thenApply: true))])
    }

    @Test func theFilesPolicyAppliesInsideTheMachineWithItsWeakeningHeld() throws {
        var machine = AgentStateMachine()
        _ = machine.passcodeKnown(notes, kind: .sixDigit, fingerprint: "f1", now: t(0))
        machine.authenticatedPolicyRead(notes, sealed: nil, claimed: nil)
        let actions = machine.filesRead(try files("GracePeriod=86400\nMaxFailedAttempts=3\n"), now: t(1))
        #expect(actions.contains(.custody(.policyHeld(notes, keys: ["GracePeriod"]))))
        #expect(!actions.contains { if case .custody(.applyPolicies) = $0 { true } else { false } },
                "the machine applies the custody's policy itself")
        let policy = machine.snapshot(of: notes)?.policy
        #expect(policy?.gracePeriod == Policy.defaults.gracePeriod, "the weakening is held")
        #expect(policy?.maxFailedAttempts == 3, "the strengthening applies at once")
    }

    @Test func recordsRestoredAtStartupGiveEveryAppItsPasscodeThenTheReads() {
        var records = PasscodeRecords()
        records.stored(notes, kind: .fourDigit, fingerprint: "f1")
        var machine = AgentStateMachine()
        let actions = machine.passcodeRecordsRestored(records, now: t(0))
        #expect(machine.snapshot(of: notes)?.passcodeKind == .fourDigit)
        #expect(actions.last == .custody(.readAuthenticatedPolicy(notes, thenApply: false)))
    }
}

extension MachineCustodyTests {
    @Test func aRightPasscodeTypedReachesTheRecordsTheSealAndTheUnlockInOneCall() throws {
        var f = MachineFixture()
        _ = f.m.passcodeKnown(f.notes, kind: .fourDigit, fingerprint: "old", now: t(0))
        f.m.authenticatedPolicyRead(f.notes, sealed: nil, claimed: nil)
        _ = try f.m.register(f.notes, owner: f.owner, now: t(0))
        let ticket = try f.m.beginAttempt(f.notes, now: t(1))
        let result = f.m.attemptFound(
            ticket, .verified(holder: .app(f.notes), kind: .fourDigit, fingerprint: "new", seal: .derived(authentic: [f.notes: true])),
            purpose: .unlock, files: PolicySet(), now: t(1))
        #expect(result.answer == .unlocked)
        #expect(f.m.snapshot(of: f.notes)?.state == .unlocked)
        #expect(f.m.custody.records.records[f.notes]?.fingerprint == "new", "the hash verified against is recorded")
        #expect(result.actions.contains(.custody(.saveRecords)))
        #expect(result.actions.contains(.custody(.authenticatedPolicyVerified(f.notes, authentic: true, claimOnDisk: false))))
        #expect(result.actions.contains { if case .custody(.seal(f.notes, _, "new")) = $0 { true } else { false } },
                "sealed again for the hash verified against")
        let unlock = try #require(result.actions.firstIndex { if case .stateChanged(_, .unlocked, _, _) = $0 { true } else { false } })
        let saved = try #require(result.actions.firstIndex(of: .custody(.saveRecords)))
        #expect(saved < unlock, "the custody hears of the passcode before the attempt ends, as the agent did it")
    }

    @Test func aTamperedItemIsToldOnceAndTheAppStaysLocked() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        for round in 0..<2 {
            let ticket = try f.m.beginAttempt(f.notes, now: t(UInt64(round)))
            let result = f.m.attemptFound(ticket, .tampered, purpose: .unlock, files: PolicySet(), now: t(UInt64(round)))
            #expect(result.answer == .passcodeTampered)
            #expect(result.actions.contains(.custody(.notifyTampered(f.notes))) == (round == 0), "told once per episode")
            #expect(f.m.snapshot(of: f.notes)?.state == .locked)
        }
    }
}
