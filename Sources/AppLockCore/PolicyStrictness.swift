/// Which of two values of a policy key protects the app more. It says both what weakens the protection (a change
/// to a less strict value needs the lock's own authentication) and how the administrator's `[Mandatory]` value
/// combines with the user's: the stricter wins.
public enum PolicyStrictness: Equatable, Sendable {
    /// This value is stricter than any other (`true` for `LockOn…`, `false` for `Allow…`, `unfocused`).
    case strictest(PolicyValue)
    /// A value later in this list (weakest first) is stricter (`LockOnScreenShare`: `off`, `obscure`, `lock`).
    case laterIn([PolicyValue])
    /// The smaller number is stricter (`GracePeriod`, `MaxFailedAttempts`).
    case smaller
    /// The smaller number is stricter, 0 (never) being the largest (`LockAfterIdle`).
    case smallerWithZeroAsNever
    /// The larger number is stricter (`MinimumLength`).
    case larger
    /// Fewer allowed items are stricter (`PasscodeKinds`): the administrator's list keeps only the user's items
    /// it names, or replaces the user's list when it names none of them.
    case fewer
    /// A lock-out schedule at least as long at every step is stricter, each schedule's last delay repeating and
    /// an empty schedule counting as the default one.
    case longerAtEachStep

    /// The stricter of the user's value and the administrator's limit (the user's when they are of other types).
    public func stricter(_ user: PolicyValue, _ limit: PolicyValue) -> PolicyValue {
        switch (self, user, limit) {
        case (.strictest(let strictest), _, _):
            return limit == strictest ? strictest : user
        case (.laterIn(let order), _, _):
            guard let own = order.firstIndex(of: user), let least = order.firstIndex(of: limit) else { return user }
            return order[max(own, least)]
        case (.smaller, .uint32(let own), .uint32(let most)):
            return .uint32(min(own, most))
        case (.smallerWithZeroAsNever, .uint32(let own), .uint32(let most)):
            return most > 0 && (own == 0 || own > most) ? limit : user
        case (.larger, .uint32(let own), .uint32(let least)):
            return .uint32(max(own, least))
        case (.fewer, .stringArray(let own), .stringArray(let allowed)) where !allowed.isEmpty:
            let kept = own.filter(allowed.contains)
            return .stringArray(kept.isEmpty ? allowed : kept)
        case (.longerAtEachStep, .uint32Array(let own), .uint32Array(let least)) where !least.isEmpty:
            return .uint32Array(Self.atLeast(own, least))
        default:
            return user
        }
    }

    /// Whether changing from `old` to `new` weakens the protection.
    public func weakens(from old: PolicyValue, to new: PolicyValue) -> Bool {
        switch (self, old, new) {
        case (.strictest(let strictest), _, _):
            return old == strictest && new != strictest
        case (.laterIn(let order), _, _):
            guard let before = order.firstIndex(of: old), let after = order.firstIndex(of: new) else { return old != new }
            return after < before
        case (.smaller, .uint32(let old), .uint32(let new)):
            return new > old
        case (.smallerWithZeroAsNever, .uint32(let old), .uint32(let new)):
            return old != 0 && (new == 0 || new > old)
        case (.larger, .uint32(let old), .uint32(let new)):
            return new < old
        case (.fewer, .stringArray(let old), .stringArray(let new)):
            return !Set(new).isSubset(of: Set(old))
        case (.longerAtEachStep, .uint32Array(let old), .uint32Array(let new)):
            return Self.shorterAtSomeStep(old, new)
        default:
            return old != new
        }
    }

    /// Step by step the longer of two lock-out schedules, each one's last delay repeating past its end.
    static func atLeast(_ schedule: [UInt32], _ minimum: [UInt32]) -> [UInt32] {
        let own = schedule.isEmpty ? Policy.defaults.lockoutSchedule : schedule
        return (0..<max(own.count, minimum.count)).map { step in
            max(own[min(step, own.count - 1)], minimum[min(step, minimum.count - 1)])
        }
    }

    /// Whether some delay of `new` is shorter than `old`'s at the same step, each schedule's last delay repeating.
    private static func shorterAtSomeStep(_ old: [UInt32], _ new: [UInt32]) -> Bool {
        let old = old.isEmpty ? Policy.defaults.lockoutSchedule : old
        let new = new.isEmpty ? Policy.defaults.lockoutSchedule : new
        return (0..<max(old.count, new.count)).contains { step in
            new[min(step, new.count - 1)] < old[min(step, old.count - 1)]
        }
    }
}
