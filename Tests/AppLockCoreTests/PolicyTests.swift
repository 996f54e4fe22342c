import Testing
@testable import AppLockCore
import AppLockProtocol

@Suite struct PolicyTests {
    func overrides(_ body: String, file: String = "applock.conf") throws -> PolicyOverrides {
        try PolicyOverrides.parse(KeyFile.parse("[Policy]\n" + body, fileName: file))
    }

    func mandatory(_ body: String) throws -> MandatoryPolicy {
        try MandatoryPolicy.parse(KeyFile.parse("[Mandatory]\n" + body, fileName: "policy.conf"))
    }

    @Test func defaultsMatchSpec() {
        let d = Policy.defaults
        #expect(d.entries.map(\.key) == [
            "LockOnLaunch", "LockOnSessionLock", "LockOnScreenSaver", "LockOnSuspend", "LockOnSessionSwitch",
            "LockAfterIdle", "GracePeriod", "ObscureInBackground", "AllowInhibit", "MaxFailedAttempts",
            "LockoutSchedule", "PasscodeKinds", "MinimumLength", "Guard", "BackgroundWhen", "HideNotifications",
            "AllowSystemAuthentication", "AllowPasscodeReset",
            "LockoutBlocksSystemAuthentication", "LockOnScreenShare", "UnlockTogether",
        ])
        #expect(d.lockOnScreenShare == .obscure)
        #expect(d.unlockTogether == false)
        #expect(d.entries[5].value == .uint32(300))
        #expect(d.entries[6].value == .uint32(60))
        #expect(d.entries[7].value == .bool(false))
        #expect(d.entries[9].value == .uint32(5))
        #expect(d.entries[10].value == .uint32Array([60, 300, 900, 3600]))
        #expect(d.entries[11].value == .stringArray(["four-digit", "six-digit", "numeric", "alphanumeric"]))
        #expect(d.entries[12].value == .uint32(4))
        #expect(d.entries[13].value == .bool(false))
        #expect(d.entries[14].value == .string("minimised"))
        #expect(d.entries[15].value == .bool(true))
    }

    @Test func hideNotificationsIsPerAppAndTheAdministratorCanOnlyTurnItOn() throws {
        let notes = appID("org.example.Notes")
        let mail = appID("org.example.Mail")
        var set = PolicySet(base: try overrides("HideNotifications=false\n"),
                            perApp: [notes: try overrides("HideNotifications=true\n")])
        #expect(set.effectivePolicy(for: notes).hideNotifications)
        #expect(!set.effectivePolicy(for: mail).hideNotifications)
        set.mandatory = try mandatory("HideNotifications=false\n")
        #expect(set.effectivePolicy(for: notes).hideNotifications, "false in [Mandatory] changes nothing")
        #expect(!set.effectivePolicy(for: mail).hideNotifications)
        set.mandatory = try mandatory("HideNotifications=true\n")
        #expect(set.effectivePolicy(for: mail).hideNotifications)
        #expect(PolicyKey.hideNotifications.limit(by: set.mandatory) == .fixed(.bool(true)))
    }

    @Test func backgroundWhenIsPerAppAndTheAdministratorCanOnlyMakeItStricter() throws {
        let notes = appID("org.example.Notes")
        let mail = appID("org.example.Mail")
        let user = PolicySet(perApp: [notes: try overrides("Guard=true\nBackgroundWhen=unfocused\n"),
                                      mail: try overrides("Guard=true\n")])
        #expect(user.guardedAppRules == [notes: .unfocused, mail: .minimised])
        var set = user
        set.mandatory = try mandatory("BackgroundWhen=unfocused\n")
        #expect(set.guardedAppRules == [notes: .unfocused, mail: .unfocused])
        set.mandatory = try mandatory("BackgroundWhen=minimised\n")
        #expect(set.guardedAppRules == [notes: .unfocused, mail: .minimised], "minimised in [Mandatory] changes nothing")
        #expect(set.effectivePolicy(for: notes).entries.first { $0.key == "BackgroundWhen" }?.value == .string("unfocused"))
    }

    @Test func lockOnScreenShareIsPerAppAndTheAdministratorCanOnlyMakeItStricter() throws {
        let notes = appID("org.example.Notes")
        #expect(try overrides("LockOnScreenShare=off\n").lockOnScreenShare == .off)
        #expect(throws: KeyFileError(file: "applock.conf", line: 2, key: "LockOnScreenShare",
                                     problem: "expected off, obscure, lock, not \"blur\"")) {
            try overrides("LockOnScreenShare=blur\n")
        }
        let user = PolicySet(base: try overrides("LockOnScreenShare=off\n"),
                             perApp: [notes: try overrides("LockOnScreenShare=lock\n")])
        #expect(user.effectivePolicy(for: notes).lockOnScreenShare == .lock)
        #expect(user.effectivePolicy(for: appID("org.example.Mail")).lockOnScreenShare == .off)
        for (limit, own, effective) in [
            ("obscure", ScreenShareRule.off, ScreenShareRule.obscure), ("obscure", .lock, .lock), ("lock", .off, .lock),
            ("off", .obscure, .obscure),
        ] {
            var policy = Policy.defaults
            policy.lockOnScreenShare = own
            #expect(policy.clamped(by: try mandatory("LockOnScreenShare=\(limit)\n")).lockOnScreenShare == effective,
                    "[Mandatory] \(limit) over the user's \(own)")
        }
        #expect(PolicyKey.lockOnScreenShare.limit(by: try mandatory("LockOnScreenShare=lock\n")) == .fixed(.string("lock")))
        #expect(PolicyKey.lockOnScreenShare.limit(by: try mandatory("LockOnScreenShare=obscure\n")) == nil)
    }

    @Test func backgroundWhenReadsTheAmericanSpellingOfMinimised() throws {
        #expect(try overrides("BackgroundWhen=minimized\n").backgroundWhen == .minimised)
        #expect(try mandatory("BackgroundWhen=minimized\n").backgroundWhen == .minimised)
    }

    @Test func guardIsPerAppAndTheMandatoryListCannotBeUndone() throws {
        let notes = try AppID("org.example.Notes")
        let mail = try AppID("org.example.Mail")
        let chat = try AppID("org.example.Chat")
        let set = PolicySet(
            perApp: [
                notes: try overrides("Guard=true\n"),
                mail: try overrides("Guard=false\n"),
                chat: try overrides("GracePeriod=5\n"),
            ],
            mandatory: try mandatory("Guard=org.example.Mail;org.example.Other\n"))
        #expect(set.effectivePolicy(for: notes).guarded)
        #expect(set.effectivePolicy(for: mail).guarded)
        #expect(!set.effectivePolicy(for: chat).guarded)
        #expect(set.guardedApps == [notes, mail, try AppID("org.example.Other")])
        #expect(set.effectivePolicy(for: notes).entries.first { $0.key == "Guard" }?.value == .bool(true))
    }

    @Test func badGuardValuesNameTheKey() {
        #expect(throws: KeyFileError.self) { try overrides("Guard=yes\n") }
        #expect(throws: KeyFileError.self) { try mandatory("Guard=not an id\n") }
    }

    @Test func parsesEveryKey() throws {
        let o = try overrides("""
        LockOnLaunch=false
        LockOnSessionLock=false
        LockOnScreenSaver=false
        LockOnSuspend=false
        LockOnSessionSwitch=false
        LockAfterIdle=0
        GracePeriod=5
        ObscureInBackground=true
        AllowInhibit=false
        MaxFailedAttempts=3
        LockoutSchedule=10;20
        PasscodeKinds=six-digit,alphanumeric
        MinimumLength=6
        X-Vendor-Thing=whatever
        """)
        let p = o.applied(to: .defaults)
        #expect(p == Policy(lockOnLaunch: false, lockOnSessionLock: false, lockOnScreenSaver: false, lockOnSuspend: false,
                            lockOnSessionSwitch: false, lockAfterIdle: 0, gracePeriod: 5, obscureInBackground: true,
                            allowInhibit: false, maxFailedAttempts: 3, lockoutSchedule: [10, 20],
                            passcodeKinds: [.sixDigit, .alphanumeric], minimumLength: 6))
    }

    @Test(arguments: [
        ("Bogus=1", "Bogus", "unknown key"),
        ("LockOnLaunch=yes", "LockOnLaunch", "expected true or false"),
        ("LockOnLaunch=True", "LockOnLaunch", "expected true or false"),
        ("GracePeriod=-1", "GracePeriod", "whole number"),
        ("GracePeriod=1.5", "GracePeriod", "whole number"),
        ("GracePeriod=99999999999", "GracePeriod", "too large"),
        ("LockoutSchedule=", "LockoutSchedule", "at least one"),
        ("LockoutSchedule=60,x", "LockoutSchedule", "whole number"),
        ("PasscodeKinds=four-digit;pin", "PasscodeKinds", "unknown passcode kind \"pin\""),
        ("MinimumLength=129", "MinimumLength", "between"),
        ("BackgroundWhen=hidden", "BackgroundWhen", "expected minimised or unfocused, not \"hidden\""),
        ("BackgroundWhen=Minimised", "BackgroundWhen", "expected minimised or unfocused"),
    ])
    func badValuesNameFileLineAndKey(_ line: String, _ key: String, _ problem: String) {
        do {
            _ = try overrides("# c\n" + line, file: "apps.d/org.example.Notes.conf")
            Issue.record("expected an error")
        } catch let error as KeyFileError {
            #expect(error.description.hasPrefix("apps.d/org.example.Notes.conf:3: \(key): "))
            #expect(error.problem.contains(problem))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func parsesWholeFilesAndWrapsSyntaxErrors() throws {
        let o = try PolicyOverrides.parse("[Policy]\nGracePeriod=7\n", fileName: "applock.conf")
        #expect(o.gracePeriod == 7)
        let m = try MandatoryPolicy.parse("[Mandatory]\nAllowInhibit=false\n", fileName: "policy.conf")
        #expect(m.allowInhibit == false)
        #expect(throws: KeyFileError(file: "applock.conf", line: 2, key: "", problem: "malformed group header")) {
            try PolicyOverrides.parse("# x\n[Policy\n", fileName: "applock.conf")
        }
    }

    @Test func missingGroupMeansNothingSet() throws {
        let o = try PolicyOverrides.parse(KeyFile.parse("[Other]\nA=1\n", fileName: "x"))
        #expect(o == PolicyOverrides())
        #expect(try MandatoryPolicy.parse(KeyFile.parse("", fileName: "x")) == MandatoryPolicy())
    }

    @Test func layersDefaultsBaseThenPerApp() throws {
        let notes = appID("org.example.Notes")
        let set = PolicySet(base: try overrides("GracePeriod=10\nLockAfterIdle=600"),
                            perApp: [notes: try overrides("GracePeriod=0")])
        #expect(set.effectivePolicy(for: notes).gracePeriod == 0)
        #expect(set.effectivePolicy(for: notes).lockAfterIdle == 600)
        #expect(set.effectivePolicy(for: appID("org.example.Other")).gracePeriod == 10)
        #expect(set.effectivePolicy(for: appID("org.example.Other")).maxFailedAttempts == 5)
    }

    @Test func mandatoryClampsWhatTheUserSet() throws {
        let m = try mandatory("""
        MaximumGracePeriod=30
        MaximumLockAfterIdle=120
        MinimumPasscodeLength=6
        AllowedPasscodeKinds=six-digit;alphanumeric
        AllowInhibit=false
        RequireLockOnSessionLock=true
        RequireLockOnSuspend=true
        """)
        let user = try overrides("""
        GracePeriod=600
        LockAfterIdle=0
        MinimumLength=4
        PasscodeKinds=four-digit,six-digit
        AllowInhibit=true
        LockOnSessionLock=false
        LockOnSuspend=false
        """)
        let p = PolicySet(base: user, mandatory: m).effectivePolicy(for: appID("org.example.Notes"))
        #expect(p.gracePeriod == 30)
        #expect(p.lockAfterIdle == 120, "LockAfterIdle 0 (never) is clamped to the maximum")
        #expect(p.minimumLength == 6)
        #expect(p.passcodeKinds == [.sixDigit])
        #expect(p.allowInhibit == false)
        #expect(p.lockOnSessionLock)
        #expect(p.lockOnSuspend)
    }

    @Test func mandatoryClampsFailedAttemptsTheLockoutScheduleAndTheLockOnSwitches() throws {
        let m = try mandatory("""
        MaximumFailedAttempts=3
        MinimumLockoutSchedule=60,600
        RequireLockOnLaunch=true
        RequireLockOnScreenSaver=true
        RequireLockOnSessionSwitch=true
        """)
        let user = try overrides("""
        MaxFailedAttempts=1000
        LockoutSchedule=0
        LockOnLaunch=false
        LockOnScreenSaver=false
        LockOnSessionSwitch=false
        """)
        let p = PolicySet(base: user, mandatory: m).effectivePolicy(for: appID("org.example.Notes"))
        #expect(p.maxFailedAttempts == 3)
        #expect(p.lockoutSchedule == [60, 600])
        #expect(p.lockOnLaunch && p.lockOnScreenSaver && p.lockOnSessionSwitch)

        var strict = Policy.defaults
        strict.maxFailedAttempts = 2
        strict.lockoutSchedule = [120, 300, 900, 7200]
        let kept = strict.clamped(by: m)
        #expect(kept.maxFailedAttempts == 2)
        #expect(kept.lockoutSchedule == [120, 600, 900, 7200], "each step at least the administrator's, whose last repeats")
        #expect(throws: KeyFileError.self) { try mandatory("MaximumFailedAttempts=0") }
    }

    @Test func onlyADebugBuildReadsTheAdministratorPolicyFromTheEnvironment() {
        #expect(AdministratorPolicyPath.resolve("/dev/null", honoursEnvironment: false) == "/etc/applock/policy.conf",
                "a release build ignores APPLOCK_ADMIN_POLICY")
        #expect(AdministratorPolicyPath.resolve("/tmp/policy.conf", honoursEnvironment: true) == "/tmp/policy.conf")
        #expect(AdministratorPolicyPath.resolve(nil, honoursEnvironment: true) == "/etc/applock/policy.conf")
        #expect(AdministratorPolicyPath.resolve("", honoursEnvironment: true) == "/etc/applock/policy.conf")
        #expect(AdministratorPolicyPath.buildHonoursEnvironment, "the tests run a debug build, which honours it")
    }

    @Test func mandatoryLeavesStricterUserValuesAlone() throws {
        let m = MandatoryPolicy {
            $0.gracePeriod = 30
            $0.lockAfterIdle = 120
            $0.minimumLength = 4
            $0.passcodeKinds = [.alphanumeric]
            $0.allowInhibit = true
            $0.lockOnSessionLock = false
            $0.lockOnSuspend = false
        }
        var user = Policy.defaults
        user.gracePeriod = 5
        user.lockAfterIdle = 60
        user.minimumLength = 10
        user.passcodeKinds = [.fourDigit]
        user.allowInhibit = false
        user.lockOnSessionLock = false
        let p = user.clamped(by: m)
        #expect(p.gracePeriod == 5)
        #expect(p.lockAfterIdle == 60)
        #expect(p.minimumLength == 10)
        #expect(p.passcodeKinds == [.alphanumeric], "no overlap: the administrator's list wins")
        #expect(p.allowInhibit == false)
        #expect(p.lockOnSessionLock == false)
    }

    @Test func mandatoryRejectsZeroIdleMaximumAndUnknownKeys() {
        #expect(throws: KeyFileError.self) { try mandatory("MaximumLockAfterIdle=0") }
        #expect(throws: KeyFileError(file: "policy.conf", line: 2, key: "BackgroundWhen",
                                     problem: "expected minimised or unfocused, not \"never\"")) {
            try mandatory("BackgroundWhen=never")
        }
        do {
            _ = try mandatory("GracePeriod=1")
            Issue.record("expected an error")
        } catch let error as KeyFileError {
            #expect(error.description == "policy.conf:2: GracePeriod: unknown key in [Mandatory]")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
