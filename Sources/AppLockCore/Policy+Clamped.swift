public import AppLockProtocol

extension Policy {
    /// This policy with the administrator's limits applied, so that a user cannot weaken them; `app` is the app
    /// it is for (the mandatory `Guard` list names apps).
    public func clamped(by mandatory: MandatoryPolicy, for app: AppID? = nil) -> Policy {
        var p = self
        if let app, mandatory.guardedApps?.contains(app) == true { p.guarded = true }
        if let m = mandatory.maximumGracePeriod { p.gracePeriod = min(p.gracePeriod, m) }
        if let m = mandatory.maximumLockAfterIdle, m > 0, p.lockAfterIdle == 0 || p.lockAfterIdle > m {
            p.lockAfterIdle = m
        }
        if let m = mandatory.minimumPasscodeLength { p.minimumLength = max(p.minimumLength, m) }
        if let allowed = mandatory.allowedPasscodeKinds, !allowed.isEmpty {
            let kept = p.passcodeKinds.filter { allowed.contains($0) }
            p.passcodeKinds = kept.isEmpty ? allowed : kept
        }
        if mandatory.allowInhibit == false { p.allowInhibit = false }
        if mandatory.requireLockOnSessionLock == true { p.lockOnSessionLock = true }
        if mandatory.requireLockOnSuspend == true { p.lockOnSuspend = true }
        if mandatory.backgroundWhen == .unfocused { p.backgroundWhen = .unfocused }
        if mandatory.allowSystemAuthentication == false { p.allowSystemAuthentication = false }
        if mandatory.allowPasscodeReset == false { p.allowPasscodeReset = false }
        if mandatory.lockoutBlocksSystemAuthentication == true { p.lockoutBlocksSystemAuthentication = true }
        if let m = mandatory.maximumFailedAttempts { p.maxFailedAttempts = min(p.maxFailedAttempts, m) }
        if let m = mandatory.minimumLockoutSchedule, !m.isEmpty { p.lockoutSchedule = Self.atLeast(p.lockoutSchedule, m) }
        if mandatory.requireLockOnLaunch == true { p.lockOnLaunch = true }
        if mandatory.requireLockOnScreenSaver == true { p.lockOnScreenSaver = true }
        if mandatory.requireLockOnSessionSwitch == true { p.lockOnSessionSwitch = true }
        return p
    }

    /// Step by step the longer of two lock-out schedules, each one's last delay repeating past its end (an empty
    /// schedule is the default one, as the ledger reads it).
    static func atLeast(_ schedule: [UInt32], _ minimum: [UInt32]) -> [UInt32] {
        let own = schedule.isEmpty ? Policy.defaults.lockoutSchedule : schedule
        return (0..<max(own.count, minimum.count)).map { step in
            max(own[min(step, own.count - 1)], minimum[min(step, minimum.count - 1)])
        }
    }
}
