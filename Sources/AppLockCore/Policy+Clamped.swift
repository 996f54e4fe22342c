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
        return p
    }
}
