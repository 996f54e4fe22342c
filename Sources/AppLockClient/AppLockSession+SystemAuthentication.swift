extension AppLockSession {
    /// Unlocks the app with the user's own system authentication instead of the passcode: the desktop's polkit
    /// dialog asks for the password (or a fingerprint, where PAM uses fprintd). Returns once the user has
    /// authenticated; nothing is counted as a failed attempt.
    /// - Throws: ``AppLockError/agent(_:message:)`` with `NotAuthorized` (refused, dismissed, or not allowed by the
    ///   policy), `SystemAuthUnavailable`, `Interrupted` (a lock arrived meanwhile), `LockedOut` (only where the
    ///   administrator makes lock-outs block it) or `NoPasscode`; ``AppLockError/agentUnavailable``.
    public func unlockWithSystemAuthentication() async throws(AppLockError) {
        try await call(.unlockWithSystemAuthentication(appID))
    }

    /// Removes a forgotten passcode once the user has authenticated through polkit; the failed-attempt record
    /// goes with it and the app unlocks.
    /// - Throws: as ``unlockWithSystemAuthentication()``, and `StoreUnavailable`.
    public func resetPasscode() async throws(AppLockError) {
        try await call(.resetPasscode(appID))
    }
}
