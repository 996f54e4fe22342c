import AppLockClient
import AppLockCore
import AppLockDesktop
import AppLockProtocol
import Testing
@testable import applock_lock_window

/// The lock window's pure parts: the notice line, the set-up notices, the command line, desktop files, properties.
@Suite struct LockWindowLogicTests {
    static let now: UInt64 = 1_800_000_000_000_000

    static let wrong = AppLockError.agent(.wrongPasscode, message: "Wrong passcode; 99 attempts left before a lock-out.")

    static let notes = try! AppID("org.example.Notes")  // valid, written out

    static func app(failedAttempts: UInt32 = 0, retryAfter: UInt64 = 0) -> AppProperties {
        var properties = AppProperties(appID: notes)
        properties.failedAttempts = failedAttempts
        properties.retryAfter = retryAfter
        properties.policy = ["MaxFailedAttempts": .uint32(5)]
        return properties
    }

    @Test func noticeCountsAttemptsFromThePropertiesNotTheErrorText() {
        let notice = LockNotice.current(properties: .success(Self.app(failedAttempts: 2)), lastFailure: Self.wrong, now: Self.now)
        #expect(notice == .wrongPasscode(attemptsLeft: 3))
        #expect(notice.text == "Wrong passcode. 3 attempts left.")
        #expect(LockNotice.current(properties: .success(Self.app(failedAttempts: 5)), lastFailure: Self.wrong, now: Self.now)
            .text == "Wrong passcode. Another wrong passcode starts a lock-out.")
    }

    @Test("for an app that uses the AppLock passcode, the attempts left come from the limit in force the agent publishes, not the app's own policy")
    func attemptsLeftComeFromTheLimitInForce() {
        var shared = Self.app(failedAttempts: 2)
        shared.passcodeSource = .shared
        shared.failedAttemptLimit = 3
        let notice = LockNotice.current(properties: .success(shared), lastFailure: Self.wrong, now: Self.now)
        #expect(notice == .wrongPasscode(attemptsLeft: 1), "the strictest app that uses it allows 3, this app's policy 5")
        shared.failedAttemptLimit = 0
        #expect(LockNotice.current(properties: .success(shared), lastFailure: Self.wrong, now: Self.now)
            == .wrongPasscode(attemptsLeft: nil), "0: failures never lock out")
    }

    @Test("A screen reader is told a lock-out's end as a time of day, which stays put while the countdown runs")
    func aLockOutIsSpokenWithItsEnd() {
        let retryAfter = Self.now + 90_500_000
        let spoken = [Self.now, Self.now + 60_000_000].map { now in
            LockNotice.current(
                properties: .success(Self.app(failedAttempts: 6, retryAfter: retryAfter)), lastFailure: nil, now: now
            ).spokenText(retryAfter: retryAfter)
        }
        #expect(spoken[0] == spoken[1], "the same words a minute later")
        #expect(spoken[0]?.hasPrefix("Too many failed attempts. Locked out until ") == true, "\(spoken)")
        #expect(spoken[0]?.contains(":") == true, "a time of day: \(spoken)")
        #expect(LockNotice.wrongPasscode(attemptsLeft: 2).spokenText(retryAfter: retryAfter) == nil)
    }

    @Test func aPendingLockOutWinsAndCountsDownInWholeSeconds() {
        let properties = Self.app(failedAttempts: 6, retryAfter: Self.now + 90_500_000)
        let notice = LockNotice.current(
            properties: .success(properties), lastFailure: .agent(.storeUnavailable, message: ""), now: Self.now)
        #expect(notice == .lockedOut(secondsLeft: 91))
        #expect(notice.text == "Too many failed attempts. Try again in 1:31.")
        #expect(!notice.allowsEntry)
        #expect(LockNotice.current(properties: .success(properties), lastFailure: nil, now: Self.now + 89_600_000).text
            == "Too many failed attempts. Try again in 1 second.")
        #expect(LockNotice.current(properties: .success(properties), lastFailure: nil, now: properties.retryAfter) == .none)
    }

    @Test func withoutPropertiesTheAgentIsSaidToBeAway() {
        #expect(LockNotice.current(properties: nil, lastFailure: nil, now: Self.now) == .agentUnavailable)
        #expect(LockNotice.current(properties: .failure(.agentUnavailable), lastFailure: nil, now: Self.now) == .agentUnavailable)
        #expect(LockNotice.current(
            properties: .failure(.other(name: "org.freedesktop.DBus.Error.UnknownObject", message: "")),
            lastFailure: nil, now: Self.now) == .unknownApplication)
        #expect(LockNotice.current(properties: .success(Self.app()), lastFailure: .agent(.storeUnavailable, message: ""),
            now: Self.now).text?.contains("keyring") == true)
    }

    /// The set-up window drives the client's ``PasscodeFlow`` and words its notices itself.
    @Test func theSetUpWindowWordsTheFlowsNotices() {
        var flow = PasscodeFlow(.change, kind: .sixDigit)
        #expect(flow.submit(bytes("1234")) == nil)
        #expect(flow.submit(bytes("135790")) == nil)
        #expect(flow.submit(bytes("975310")) == nil)
        #expect(flow.notice?.sentence == "The passcodes did not match. Choose a new passcode again.")
        #expect(flow.submit(bytes("12")) == nil)
        #expect(flow.notice?.sentence == "The passcode must be exactly 6 digits.")
        _ = flow.submit(bytes("135790"))
        #expect(flow.submit(bytes("135790")) != nil)
        flow.complete(.failure(Self.wrong))
        #expect(flow.step == .enterCurrent)
        #expect(flow.notice?.sentence == "Wrong passcode.")
        #expect(PasscodeFlow.Notice.failed(.agent(.storeUnavailable, message: "")).sentence.contains("keyring"))
    }

    @Test func commandLine() throws {
        #expect(try LaunchOptions.parse(["lock", "--app-id", "org.example.Notes", "--parent", "0x400004"])
            == LaunchOptions(mode: .lock(parent: 0x400004), appID: Self.notes))
        #expect(try LaunchOptions.parse(["lock", "--app-id", "org.example.Notes", "--parent", "4194308"])
            == LaunchOptions(mode: .lock(parent: 4194308), appID: Self.notes))
        #expect(try LaunchOptions.parse(["set-passcode", "--app-id", "org.example.Notes"])
            == LaunchOptions(mode: .setPasscode, appID: Self.notes))
        #expect(throws: LaunchOptionsError.self) { try LaunchOptions.parse(["lock", "--app-id", "not an id"]) }
        #expect(throws: LaunchOptionsError.self) { try LaunchOptions.parse(["lock", "--app-id", "org.example.Notes", "--passcode", "1234"]) }
        #expect(throws: LaunchOptionsError.self) { try LaunchOptions.parse(["set-passcode", "--app-id", "a.b", "--parent", "1"]) }
        #expect(throws: LaunchOptionsError.self) { try LaunchOptions.parse(["lock", "--app-id", "a.b", "--parent", "zero"]) }
        #expect(try LaunchOptions.parse(["lock", "--app-id", "org.example.Notes", "--standby", "cover"])
            == LaunchOptions(mode: .lock(parent: nil), appID: Self.notes, standby: .cover))
        #expect(try LaunchOptions.parse(["lock", "--app-id", "org.example.Notes", "--standby", "toplevel"]).standby == .toplevel)
        #expect(throws: LaunchOptionsError.self) { try LaunchOptions.parse(["lock", "--app-id", "a.b", "--standby", "x"]) }
        #expect(throws: LaunchOptionsError.self) {
            try LaunchOptions.parse(["lock", "--app-id", "a.b", "--standby", "cover", "--parent", "1"])
        }
        #expect(throws: LaunchOptionsError.self) { try LaunchOptions.parse(["set-passcode", "--app-id", "a.b", "--standby", "cover"]) }
        #expect(try LaunchOptions.parse(["lock", "--app-id", "org.example.Notes", "--layer-shell"])
            == LaunchOptions(mode: .lock(parent: nil), appID: Self.notes, layerShell: true))
        #expect(try LaunchOptions.parse(["lock", "--app-id", "a.b", "--standby", "toplevel", "--layer-shell"]).layerShell)
        #expect(throws: LaunchOptionsError.self) {
            try LaunchOptions.parse(["lock", "--app-id", "a.b", "--standby", "cover", "--layer-shell"])
        }
        #expect(throws: LaunchOptionsError.self) { try LaunchOptions.parse(["lock", "--app-id", "a.b", "--parent", "1", "--layer-shell"]) }
        #expect(throws: LaunchOptionsError.self) { try LaunchOptions.parse(["set-passcode", "--app-id", "a.b", "--layer-shell"]) }
        #expect(try LaunchOptions.parse(["set-passcode", "--shared"]) == LaunchOptions(mode: .setSharedPasscode, appID: nil))
        #expect(throws: LaunchOptionsError.self) { try LaunchOptions.parse(["set-passcode", "--shared", "--app-id", "a.b"]) }
        #expect(throws: LaunchOptionsError.self) { try LaunchOptions.parse(["lock", "--shared"]) }
        #expect(throws: LaunchOptionsError.self) { try LaunchOptions.parse(["switch-passcode", "--shared"]) }
        #expect(throws: LaunchOptionsError.self) { try LaunchOptions.parse(["switch-passcode"]) }
        #expect(try LaunchOptions.parse(["switch-passcode", "--app-id", "org.example.Notes"])
            == LaunchOptions(mode: .switchPasscode, appID: Self.notes))
    }

    @Test func aLockWindowStartedAheadTakesOnlyTheShowCommandOfItsPlace() {
        #expect(StandbyCommand("show 0x400004", place: .cover) == .showInside(0x400004))
        #expect(StandbyCommand("show 4194308", place: .cover) == .showInside(4194308))
        #expect(StandbyCommand("show", place: .toplevel) == .showToplevel)
        for (line, place) in [("show", LaunchOptions.StandbyPlace.cover), ("show 0", .cover), ("show 12", .toplevel),
                              ("show x", .cover), ("hide", .toplevel), ("", .cover), ("show 1 2", .cover)] {
            #expect(StandbyCommand(line, place: place) == nil, "\(line) for \(place)")
        }
    }

    @Test func anAppWithoutADesktopFileIsNamedAfterItsID() {
        let shown = DesktopEntry.forLockWindow("org.example.Missing")
        #expect(shown.name == "org.example.Missing")
        #expect(shown.icon == nil)
    }

    @Test func policyKindsAndSystemAuthentication() {
        var properties = Self.app()
        #expect(properties.allowsSystemAuthentication && properties.allowedKinds == PasscodeKind.allCases)
        properties.policy["AllowSystemAuthentication"] = .bool(false)
        properties.policy["PasscodeKinds"] = .stringArray(["alphanumeric", "four-digit"])
        #expect(!properties.allowsSystemAuthentication)
        #expect(properties.allowedKinds == [.fourDigit, .alphanumeric])
    }

    private func bytes(_ text: String) -> PasscodeBytes {
        let passcode = PasscodeBytes()
        for byte in text.utf8 { _ = passcode.append(byte) }
        return passcode
    }
}
