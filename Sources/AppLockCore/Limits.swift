import AppLockProtocol

/// Hard limits the agent enforces (with `ManagerError.limitExceeded` where a caller can hit them).
public enum Limits {
    /// Most applications one bus connection may register.
    public static let maxAppsPerConnection = 256
    /// Most inhibitors held on one application at once.
    public static let maxInhibitorsPerApp = 64
    /// Longest app id in bytes.
    public static let maxAppIDBytes = AppID.maxBytes
    /// Longest passcode in bytes (alphanumeric).
    public static let maxPasscodeBytes = 128
    /// Longest numeric passcode in digits.
    public static let maxNumericPasscodeDigits = 32
    /// Shortest passcode of a variable-length kind.
    public static let minPasscodeLength = 4
    /// Most passcode calls (Unlock, SetPasscode, ChangePasscode, RemovePasscode) admitted for one application at once,
    /// waiting or being verified; more are answered `LimitExceeded` before any secret memory is taken for them.
    public static let maxPasscodeCallsPerApp = 4
    /// Most passcode calls admitted from one bus connection at once.
    public static let maxPasscodeCallsPerConnection = 16
    /// Most passcode calls admitted at once in all.
    public static let maxPasscodeCallsWaiting = 128
    /// State changes kept for `GetRecentEvents` (the oldest goes first).
    public static let recentEvents = 200
}
