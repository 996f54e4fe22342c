public import AppLockProtocol

extension AppLockBlockingCalls {
    /// Unlocks the app with the user's own system authentication (polkit); blocks until the user is done.
    public func unlockWithSystemAuthentication(_ appID: AppID) throws(AppLockError) {
        try connection.performBlocking(.unlockWithSystemAuthentication(appID))
    }

    /// Removes the app's forgotten passcode after system authentication; blocks until the user is done.
    public func resetPasscode(_ appID: AppID) throws(AppLockError) {
        try connection.performBlocking(.resetPasscode(appID))
    }
}
