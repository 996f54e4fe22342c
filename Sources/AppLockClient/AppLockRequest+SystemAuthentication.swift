public import AppLockProtocol

extension AppLockRequest where Value == Void {
    /// How long a system authentication waits for the user in the desktop's dialog: longer than the agent's own
    /// limit (300 s), so that the agent's answer, not a timeout here, ends it.
    public static var systemAuthenticationTimeout: Duration { .seconds(330) }

    /// `UnlockWithSystemAuthentication`: unlocks with the user's own authentication (polkit's dialog: password, or
    /// a fingerprint where PAM uses fprintd) instead of the passcode; nothing counts as a failed attempt.
    public static func unlockWithSystemAuthentication(_ appID: AppID) -> Self {
        Self(.unlockWithSystemAuthentication, [.string(appID.rawValue)],
             replyTimeout: systemAuthenticationTimeout)
    }

    /// `ResetPasscode`: removes a forgotten passcode and its failed-attempt record after system authentication.
    public static func resetPasscode(_ appID: AppID) -> Self {
        Self(.resetPasscode, [.string(appID.rawValue)], replyTimeout: systemAuthenticationTimeout)
    }

    /// `ResetSharedPasscode`: removes the forgotten AppLock passcode and its failed-attempt record after system
    /// authentication; every app that used it is then without a passcode.
    public static var resetSharedPasscode: Self {
        Self(.resetSharedPasscode, [], replyTimeout: systemAuthenticationTimeout)
    }

    /// `ConfirmPolicyWithSystemAuthentication`: the user's own authentication (polkit's dialog) confirms the
    /// weakening of the app's policy the agent holds, as `ConfirmPolicy` does with the passcode.
    public static func confirmPolicyWithSystemAuthentication(_ appID: AppID) -> Self {
        Self(.confirmPolicyWithSystemAuthentication, [.string(appID.rawValue)], replyTimeout: systemAuthenticationTimeout)
    }
}

extension AppLockRequest where Value == SystemAuthenticationMethod {
    /// `GetSystemAuthentication`: what system authentication would ask of the user now (fingerprint or password,
    /// the password, or why it cannot work here).
    public static var systemAuthentication: Self {
        Self(.getSystemAuthentication, []) { reply, _ in
            guard reply.count == 2, let method = reply[0].stringValue, let reason = reply[1].stringValue else { return nil }
            return SystemAuthenticationMethod(wireName: method, reason: reason)
        }
    }
}
