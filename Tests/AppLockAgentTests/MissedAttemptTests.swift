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

    @Test("the unlock after two wrong passcodes is told by exactly one notification naming the app, the count and the times; the next unlock tells nothing")
    func missedAttemptsAreNotifiedOnce() throws {
        let harness = try AgentHarness()
        let applications = harness.environment.dataHome.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nName=Notes\nExec=true\n".write(
            to: applications.appendingPathComponent("\(Self.notes).desktop"), atomically: true, encoding: .utf8)
        try harness.environment.startNotificationServer()
        let probe = GuardStatusProbe(environment: harness.environment)
        let app = try harness.client()
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        _ = try app.register(Self.notes)
        #expect(try app.state(Self.notes) == "locked")
        for _ in 0..<2 {
            #expect(app.errorName("Unlock", [.string(Self.notes), .string(Self.wrong)]) == PasscodeTests.error + "WrongPasscode")
        }
        let (_, attempts) = try Self.missed(app)
        #expect(try probe.notifications().isEmpty, "failing tells nothing yet")

        try app.call("Unlock", [.string(Self.notes), .string(Self.right)])
        let told = probe.waitForNotifications(1)
        #expect(told.count == 1, "\(told)")
        let notification = try #require(told.first)
        let times = attempts.map { Self.localTimeOfDay($0.time) }.joined(separator: ", ")
        #expect(notification.summary == "2 failed attempts since you last unlocked Notes — \(times)", "\(notification)")
        for secret in [Self.right, Self.wrong] {
            #expect(!notification.summary.contains(secret) && !notification.body.contains(secret))
        }

        // Locked and unlocked again without a failure: nothing new. One more failure is then told alone, so any
        // second notice of the first two would stand between them.
        try app.call("Lock", [.string(Self.notes)])
        try app.call("Unlock", [.string(Self.notes), .string(Self.right)])
        try app.call("Lock", [.string(Self.notes)])
        #expect(app.errorName("Unlock", [.string(Self.notes), .string(Self.wrong)]) == PasscodeTests.error + "WrongPasscode")
        try app.call("Unlock", [.string(Self.notes), .string(Self.right)])
        let all = probe.waitForNotifications(2)
        #expect(all.count == 2, "\(all)")
        #expect(all.last?.summary.hasPrefix("1 failed attempt since you last unlocked Notes — ") == true, "\(all)")
        PasscodeTests.expectLogClean(harness, [Self.right, Self.wrong])
    }

    @Test("an unlock by system authentication after a wrong passcode tells the missed attempt by one notification too, and clears the record")
    func missedAttemptsAreNotifiedAfterSystemAuthentication() throws {
        let environment = try TestEnvironment(systemBus: true)
        try environment.startPolkit()
        try environment.setPolkitAllowed(["io.github.applock.unlock"])
        let harness = try AgentHarness(environment: environment)
        let applications = environment.dataHome.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nName=Notes\nExec=true\n".write(
            to: applications.appendingPathComponent("\(Self.notes).desktop"), atomically: true, encoding: .utf8)
        try environment.startNotificationServer()
        let probe = GuardStatusProbe(environment: environment)
        let app = try harness.client()
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        _ = try app.register(Self.notes)
        #expect(app.errorName("Unlock", [.string(Self.notes), .string(Self.wrong)]) == PasscodeTests.error + "WrongPasscode")
        let (_, attempts) = try Self.missed(app)
        #expect(try probe.notifications().isEmpty, "failing tells nothing yet")

        try app.call("UnlockWithSystemAuthentication", [.string(Self.notes)])
        #expect(try app.state(Self.notes) == "unlocked")
        let told = probe.waitForNotifications(1)
        #expect(told.count == 1, "\(told)")
        let time = try #require(attempts.first.map { Self.localTimeOfDay($0.time) })
        #expect(told.first?.summary == "1 failed attempt since you last unlocked Notes — \(time)", "\(told)")
        #expect(try Self.missed(app) == (0, []), "reported once, then cleared")
        PasscodeTests.expectLogClean(harness, [Self.right, Self.wrong])
    }

    /// `HH:mm` in this process's time zone, which the agent shares.
    static func localTimeOfDay(_ microseconds: UInt64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: Double(microseconds) / 1_000_000))
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
