import AppLockCore
public import AppLockProtocol

/// Which user policy file a key is written to: `applock.conf` (every app) or `apps.d/<app_id>.conf` (one app).
public enum PolicyFileScope: Hashable, Sendable {
    case allApps
    case app(AppID)
}
