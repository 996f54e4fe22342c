/// Which policy changes weaken an app's protection. A weakening of an app with a passcode needs the lock's own
/// authentication; a strengthening never does.
///
/// Weakening is a change to a less strict value, as each key's ``PolicyKey/strictness`` orders them (a `LockOn…`
/// off, a longer `GracePeriod`, more `MaxFailedAttempts`, a passcode kind allowed that was not, …).
public enum PolicyStrength {
    /// The keys `applock-guard` applies: it reads them from the files, and for an app whose weakening of them the
    /// agent holds, it takes the agent's authenticated values instead (`GetHeldPolicyChanges`, the app's `Policy`).
    public static let keysTheGuardApplies = Set(GuardAppliedKey.allCases.map(\.key.name))

    /// The keys whose change from `old` to `new` weakens the protection, in SPEC order.
    public static func weakenedKeys(from old: Policy, to new: Policy) -> [String] {
        PolicyKey.all.filter { $0.weakens(from: old, to: new) }.map(\.name)
    }

    /// `wanted` with every weakening the agent holds put back to its value in `authenticated`, and the keys held.
    /// Strengthenings and unchanged keys come from `wanted`.
    public static func holding(_ wanted: Policy, against authenticated: Policy) -> (policy: Policy, held: [String]) {
        var policy = wanted
        var held: [String] = []
        for key in PolicyKey.all where key.weakens(from: authenticated, to: wanted) {
            key.set(key.value(in: authenticated), in: &policy)
            held.append(key.name)
        }
        return (policy, held)
    }

    /// The stricter of `policy` and `floor` key by key: `policy` with each of its weakenings against `floor` undone.
    public static func stricter(_ policy: Policy, _ floor: Policy) -> Policy {
        holding(policy, against: floor).policy
    }
}

extension PolicyKey {
    /// Whether changing this key from its value in `old` to its value in `new` weakens the protection.
    func weakens(from old: Policy, to new: Policy) -> Bool {
        strictness.weakens(from: value(in: old), to: value(in: new))
    }
}
