import AppLockGuardCore

extension CompositorGuard {
    /// The core has handled its inputs: a change of which apps' notifications must show no content is told to the
    /// script (GNOME's extension; KWin's script ignores it).
    public func feedingFinished() {
        followNotificationPrivacy()
    }

    public func guardedAppsReloaded() {
        followNotificationPrivacy()
    }

    /// Publishes the desktop ids whose notifications the Shell must show without content
    /// (``GuardDriver/appsHidingNotifications``), when they change.
    func followNotificationPrivacy() {
        let apps = driver.appsHidingNotifications.map(\.rawValue).sorted()
        guard apps != privateNotificationApps else { return }
        privateNotificationApps = apps
        publish()
    }
}
