public import AppLockProtocol

extension AppLockConnection {
    /// Unlocks `appID` with the user's own system authentication (polkit) instead of its passcode.
    public func unlockWithSystemAuthentication(_ appID: AppID) async throws(AppLockError) {
        try await perform(.unlockWithSystemAuthentication(appID))
    }

    /// Removes the forgotten passcode of `appID` after system authentication.
    public func resetPasscode(_ appID: AppID) async throws(AppLockError) {
        try await perform(.resetPasscode(appID))
    }
}
