@testable import AppLockAgentCore
@testable import AppLockCore
import AppLockProtocol

/// A state machine with helpers for the common set-ups.
struct MachineFixture {
    var m: AgentStateMachine
    let notes = appID("org.example.Notes")
    let mail = appID("org.example.Mail")
    let owner = ":1.10"
    let other = ":1.20"

    init(base: PolicyOverrides = PolicyOverrides(), perApp: [AppID: PolicyOverrides] = [:],
         mandatory: MandatoryPolicy = MandatoryPolicy()) {
        m = AgentStateMachine(policies: PolicySet(base: base, perApp: perApp, mandatory: mandatory))
    }

    func state(_ app: AppID) -> AppState? { m.snapshot(of: app)?.state }
    func reason(_ app: AppID) -> LockReason? { m.snapshot(of: app)?.reason }

    /// Registers `app` (optionally with a passcode first) and returns the registration's actions.
    @discardableResult
    mutating func register(_ app: AppID, passcode: PasscodeKind? = nil, owner: String? = nil,
                           now: AgentTime = t(0)) throws -> [AgentAction] {
        if let passcode { _ = m.passcodeStored(app, kind: passcode, now: now) }
        return try m.register(app, owner: owner ?? self.owner, now: now)
    }

    /// Registers Notes with a passcode and unlocks it, so that triggers can be observed.
    mutating func unlockedNotesWithPasscode(now: AgentTime = t(0)) throws {
        try register(notes, passcode: .fourDigit, now: now)
        let ticket = try m.beginAttempt(notes, now: now)
        let result = m.finishAttempt(ticket, outcome: .verified, purpose: .unlock, now: now)
        precondition(result.answer == .unlocked)
    }

    mutating func fail(_ app: AppID, times: Int, purpose: AttemptPurpose = .unlock, now: AgentTime) throws -> AttemptAnswer {
        var answer = AttemptAnswer.noPasscode
        for _ in 0..<times {
            let ticket = try m.beginAttempt(app, now: now)
            answer = m.finishAttempt(ticket, outcome: .wrong, purpose: purpose, now: now).answer
        }
        return answer
    }
}

func policy(_ configure: (inout PolicyOverrides) -> Void) -> PolicyOverrides {
    var o = PolicyOverrides()
    configure(&o)
    return o
}
