public import AppLockProtocol

extension AppLockConnection {
    /// Unlocks `appID` with the user's own system authentication (polkit) instead of its passcode.
    public func unlockWithSystemAuthentication(_ appID: AppID) async throws(AppLockError) {
        try await perform(.unlockWithSystemAuthentication(appID))
    }

    /// What system authentication would ask of the user now: a finger or the password, the password, or why it
    /// cannot work here.
    public func systemAuthentication() async throws(AppLockError) -> SystemAuthenticationMethod {
        try await perform(.systemAuthentication)
    }

    /// Removes the forgotten passcode of `appID` after system authentication.
    public func resetPasscode(_ appID: AppID) async throws(AppLockError) {
        try await perform(.resetPasscode(appID))
    }
}
