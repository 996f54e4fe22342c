extension AppLockSession {
    /// How long a request waits for the user in the desktop's authentication dialog; longer than the agent's own
    /// limit (300 s), so that the agent's answer, not a timeout here, ends it.
    static let systemAuthenticationTimeout: Duration = .seconds(330)

    /// Unlocks the app with the user's own system authentication instead of the passcode: the desktop's polkit
    /// dialog asks for the password (or a fingerprint, where PAM uses fprintd). Returns once the user has
    /// authenticated; nothing is counted as a failed attempt.
    /// - Throws: ``AppLockError/notAuthorized(_:)`` (refused, dismissed, or not allowed by the policy),
    ///   ``AppLockError/systemAuthUnavailable``, ``AppLockError/interrupted`` (a lock arrived meanwhile),
    ///   ``AppLockError/lockedOut(seconds:)`` (only where the administrator makes lock-outs block it),
    ///   ``AppLockError/noPasscode``, ``AppLockError/agentUnavailable``.
    public func unlockWithSystemAuthentication() async throws(AppLockError) {
        _ = try await call("UnlockWithSystemAuthentication", [.string(appID)], timeout: Self.systemAuthenticationTimeout)
    }

    /// Removes a forgotten passcode once the user has authenticated through polkit; the failed-attempt record
    /// goes with it and the app unlocks.
    /// - Throws: as ``unlockWithSystemAuthentication()``, and ``AppLockError/storeUnavailable``.
    public func resetPasscode() async throws(AppLockError) {
        _ = try await call("ResetPasscode", [.string(appID)], timeout: Self.systemAuthenticationTimeout)
    }
}
