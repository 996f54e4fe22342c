/// Which policy changes weaken an app's protection. A weakening of an app with a passcode needs the lock's own
/// authentication; a strengthening never does.
///
/// Weakening: a `LockOn…` switched off; a longer `GracePeriod`, a longer or no `LockAfterIdle`; `ObscureInBackground`
/// off; `AllowInhibit`, `AllowSystemAuthentication` or `AllowPasscodeReset` on; more `MaxFailedAttempts`; a shorter
/// delay at any step of `LockoutSchedule` (each schedule's last delay repeating); a shorter `MinimumLength`; a
/// passcode kind allowed that was not; `Guard` off; `BackgroundWhen` from `unfocused` to `minimised`;
/// `LockoutBlocksSystemAuthentication` off.
public enum PolicyStrength {
    /// The keys `applock-guard` reads from the files itself: the agent does not hold them back (the guard keeps a
    /// locked app covered until it is unlocked instead).
    public static let keysTheGuardApplies: Set<String> = ["Guard", "BackgroundWhen"]

    /// The keys whose change from `old` to `new` weakens the protection, in SPEC order.
    public static func weakenedKeys(from old: Policy, to new: Policy) -> [String] {
        rules.filter { $0.weakens(old, new) }.map(\.key)
    }

    /// `wanted` with every weakening the agent holds put back to its value in `authenticated`, and the keys held.
    /// Strengthenings and unchanged keys come from `wanted`.
    public static func holding(_ wanted: Policy, against authenticated: Policy) -> (policy: Policy, held: [String]) {
        var policy = wanted
        var held: [String] = []
        for rule in rules where !keysTheGuardApplies.contains(rule.key) && rule.weakens(authenticated, wanted) {
            rule.restore(&policy, authenticated)
            held.append(rule.key)
        }
        return (policy, held)
    }

    private struct Rule {
        let key: String
        let weakens: (_ old: Policy, _ new: Policy) -> Bool
        let restore: (_ policy: inout Policy, _ from: Policy) -> Void
    }

    private static func rule<Value>(
        _ key: String, _ path: WritableKeyPath<Policy, Value>, weakens: @escaping (_ old: Value, _ new: Value) -> Bool
    ) -> Rule {
        Rule(key: key, weakens: { weakens($0[keyPath: path], $1[keyPath: path]) },
             restore: { $0[keyPath: path] = $1[keyPath: path] })
    }

    private static func switchedOff(_ old: Bool, _ new: Bool) -> Bool { old && !new }
    private static func switchedOn(_ old: Bool, _ new: Bool) -> Bool { !old && new }

    /// Whether some delay of `new` is shorter than `old`'s at the same step, each schedule's last delay repeating.
    private static func shorterAtSomeStep(_ old: [UInt32], _ new: [UInt32]) -> Bool {
        let old = old.isEmpty ? Policy.defaults.lockoutSchedule : old
        let new = new.isEmpty ? Policy.defaults.lockoutSchedule : new
        return (0..<max(old.count, new.count)).contains { step in
            new[min(step, new.count - 1)] < old[min(step, old.count - 1)]
        }
    }

    private static var rules: [Rule] {
        [
            rule("LockOnLaunch", \.lockOnLaunch, weakens: switchedOff),
            rule("LockOnSessionLock", \.lockOnSessionLock, weakens: switchedOff),
            rule("LockOnScreenSaver", \.lockOnScreenSaver, weakens: switchedOff),
            rule("LockOnSuspend", \.lockOnSuspend, weakens: switchedOff),
            rule("LockOnSessionSwitch", \.lockOnSessionSwitch, weakens: switchedOff),
            rule("LockAfterIdle", \.lockAfterIdle) { old, new in old != 0 && (new == 0 || new > old) },
            rule("GracePeriod", \.gracePeriod) { old, new in new > old },
            rule("ObscureInBackground", \.obscureInBackground, weakens: switchedOff),
            rule("AllowInhibit", \.allowInhibit, weakens: switchedOn),
            rule("MaxFailedAttempts", \.maxFailedAttempts) { old, new in new > old },
            rule("LockoutSchedule", \.lockoutSchedule, weakens: shorterAtSomeStep),
            rule("PasscodeKinds", \.passcodeKinds) { old, new in !Set(new).isSubset(of: Set(old)) },
            rule("MinimumLength", \.minimumLength) { old, new in new < old },
            rule("Guard", \.guarded, weakens: switchedOff),
            rule("BackgroundWhen", \.backgroundWhen) { old, new in old == .unfocused && new == .minimised },
            rule("AllowSystemAuthentication", \.allowSystemAuthentication, weakens: switchedOn),
            rule("AllowPasscodeReset", \.allowPasscodeReset, weakens: switchedOn),
            rule("LockoutBlocksSystemAuthentication", \.lockoutBlocksSystemAuthentication, weakens: switchedOff),
        ]
    }
}
