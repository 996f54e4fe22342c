import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// The attempts a user missed, end to end: the real `applockd` and gnome-keyring on a private bus; failed unlocks of
/// a locked app survive a restart, are announced once by the next unlock and are then gone.
@Suite("Missed attempts", .serialized)
struct MissedAttemptTests {
    static let notes = "org.example.Notes"
    static let right = "90817263"
    static let wrong = "55501234"

    @Test("two wrong passcodes while locked survive SIGKILL and a restart; the right one reports them once, then the record is empty")
    func missedAttemptsSurviveARestartAndAreReportedOnce() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        _ = try app.register(Self.notes)
        #expect(try app.state(Self.notes) == "locked")
        #expect(try Self.missed(app) == (0, []))

        let before = UInt64(Date().timeIntervalSince1970 * 1_000_000)
        for _ in 0..<2 {
            #expect(app.errorName("Unlock", [.string(Self.notes), .string(Self.wrong)]) == PasscodeTests.error + "WrongPasscode")
        }
        let after = UInt64(Date().timeIntervalSince1970 * 1_000_000)
        let (count, attempts) = try Self.missed(app)
        #expect(count == 2)
        #expect(attempts.map(\.method) == ["passcode", "passcode"])
        #expect(attempts.map(\.outcome) == ["wrong-passcode", "wrong-passcode"])
        #expect(attempts.allSatisfy { $0.time >= before && $0.time <= after }, "\(attempts)")

        // Each WrongPasscode was answered once its failure was on disk: killing the agent loses none.
        harness.agent.kill(SIGKILL)
        #expect(harness.agent.waitForExit() != nil)
        let file = harness.environment.stateHome.appendingPathComponent("applock/missed-attempts")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("wrong-passcode") && !text.contains(Self.wrong) && !text.contains(Self.right))
        try harness.agent.restart()
        try harness.agent.waitUntilServing(timeout: .seconds(20))
        #expect(try Self.missed(app) == (count, attempts), "the record survives the restart")

        _ = try app.register(Self.notes)
        app.connection.addMatch(MatchRule(
            sender: AgentClient.bus, path: AgentClient.managerPath, interface: AgentClient.manager,
            member: ManagerSignal.missedAttemptsReported.name, arg0: Self.notes
        ))
        try app.call("Unlock", [.string(Self.notes), .string(Self.right)])
        let report = try #require(try app.waitForSignal { $0.member == ManagerSignal.missedAttemptsReported.name })
        let arguments = try report.arguments()
        #expect(arguments.first?.stringValue == Self.notes)
        #expect(Array(arguments.dropFirst()).count == 2)
        #expect(Self.decode(Array(arguments.dropFirst())) == (count, attempts), "the unlock reports what was missed")
        #expect(try app.state(Self.notes) == "unlocked")
        #expect(try Self.missed(app) == (0, []), "reported once, then cleared")
        PasscodeTests.expectLogClean(harness, [Self.right, Self.wrong])
    }

    /// One missed attempt as GetMissedAttempts gives it.
    struct Attempt: Equatable {
        var time: UInt64
        var method: String
        var outcome: String
    }

    static func missed(_ app: AgentClient) throws -> (UInt32, [Attempt]) {
        decode(try app.call("GetMissedAttempts", [.string(notes)]))
    }

    /// `(u count, a(tss) attempts)` read back; an unreadable reply reads as a count no agent gives.
    static func decode(_ values: [DBusValue]) -> (UInt32, [Attempt]) {
        guard values.count == 2, let count = values[0].uint32Value, let rows = values[1].arrayValue else { return (.max, []) }
        let attempts = rows.compactMap { row -> Attempt? in
            guard let fields = row.structureValue, fields.count == 3, let time = fields[0].uint64Value,
                  let method = fields[1].stringValue, let outcome = fields[2].stringValue else { return nil }
            return Attempt(time: time, method: method, outcome: outcome)
        }
        return (count, attempts)
    }
}
