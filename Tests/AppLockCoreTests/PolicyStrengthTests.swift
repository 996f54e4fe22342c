import Testing
@testable import AppLockCore

@Suite struct PolicyStrengthTests {
    /// Each key changed one way weakens, the other way strengthens.
    @Test(arguments: [
        "LockOnLaunch",
        "LockOnSessionLock",
        "LockOnScreenSaver",
        "LockOnSuspend",
        "LockOnSessionSwitch",
        "LockAfterIdle",
        "GracePeriod",
        "ObscureInBackground",
        "AllowInhibit",
        "MaxFailedAttempts",
        "LockoutSchedule",
        "PasscodeKinds",
        "MinimumLength",
        "Guard",
        "BackgroundWhen",
        "HideNotifications",
        "AllowSystemAuthentication",
        "AllowPasscodeReset",
        "LockoutBlocksSystemAuthentication",
        "LockOnScreenShare",
    ])
    func eachKeyWeakensOneWayOnly(key: String) {
        let strong = Self.strong
        let weak = Self.weakened(key)
        #expect(PolicyStrength.weakenedKeys(from: strong, to: weak) == [key])
        #expect(PolicyStrength.weakenedKeys(from: weak, to: strong) == [], "the way back strengthens")
        let (held, keys) = PolicyStrength.holding(weak, against: strong)
        #expect(keys == [key] && held == strong, "every weakening is held, Guard and BackgroundWhen too")
    }

    /// ``strong`` with `key` weakened.
    static func weakened(_ key: String) -> Policy {
        var p = strong
        switch key {
        case "LockOnLaunch": p.lockOnLaunch = false
        case "LockOnSessionLock": p.lockOnSessionLock = false
        case "LockOnScreenSaver": p.lockOnScreenSaver = false
        case "LockOnSuspend": p.lockOnSuspend = false
        case "LockOnSessionSwitch": p.lockOnSessionSwitch = false
        case "LockAfterIdle": p.lockAfterIdle = 0
        case "GracePeriod": p.gracePeriod = 86_400
        case "ObscureInBackground": p.obscureInBackground = false
        case "AllowInhibit": p.allowInhibit = true
        case "MaxFailedAttempts": p.maxFailedAttempts = 1000
        case "LockoutSchedule": p.lockoutSchedule = [0]
        case "PasscodeKinds": p.passcodeKinds = [.fourDigit, .sixDigit]
        case "MinimumLength": p.minimumLength = 4
        case "Guard": p.guarded = false
        case "BackgroundWhen": p.backgroundWhen = .minimised
        case "HideNotifications": p.hideNotifications = false
        case "AllowSystemAuthentication": p.allowSystemAuthentication = true
        case "AllowPasscodeReset": p.allowPasscodeReset = true
        case "LockoutBlocksSystemAuthentication": p.lockoutBlocksSystemAuthentication = false
        case "LockOnScreenShare": p.lockOnScreenShare = .obscure
        default: Issue.record("no weakening for \(key)")
        }
        return p
    }

    /// A policy stricter than the defaults at every key.
    static var strong: Policy {
        var p = Policy.defaults
        p.lockAfterIdle = 300
        p.gracePeriod = 10
        p.obscureInBackground = true
        p.allowInhibit = false
        p.maxFailedAttempts = 5
        p.lockoutSchedule = [60, 300]
        p.passcodeKinds = [.sixDigit]
        p.minimumLength = 6
        p.guarded = true
        p.backgroundWhen = .unfocused
        p.allowSystemAuthentication = false
        p.allowPasscodeReset = false
        p.lockoutBlocksSystemAuthentication = true
        p.lockOnScreenShare = .lock
        return p
    }

    @Test func aLongerIdleOrScheduleStepIsCompared() {
        var old = Policy.defaults
        old.lockAfterIdle = 300
        old.lockoutSchedule = [60, 300]
        var new = old
        new.lockAfterIdle = 600
        new.lockoutSchedule = [60, 300, 900]
        #expect(PolicyStrength.weakenedKeys(from: old, to: new) == ["LockAfterIdle"])
        new.lockoutSchedule = [60, 120]
        #expect(PolicyStrength.weakenedKeys(from: old, to: new) == ["LockAfterIdle", "LockoutSchedule"])
        old.lockAfterIdle = 0
        #expect(PolicyStrength.weakenedKeys(from: old, to: new) == ["LockoutSchedule"], "from never, any idle limit is stronger")
    }

    @Test func theFileTextReadsBackAsThePolicy() throws {
        let policy = Self.strong
        var expected = policy
        expected.lockoutBlocksSystemAuthentication = Policy.defaults.lockoutBlocksSystemAuthentication
        let read = try PolicyOverrides.parse(policy.policyFileText, fileName: "p").applied(to: .defaults)
        #expect(read == expected)
    }
}
