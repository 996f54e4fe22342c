extension PolicyKey {
    /// Every policy key, in SPEC order (the order of the agent's `Policy` property and of `applock.conf`).
    public static let all: [PolicyKey] = [
        lockOnLaunch, lockOnSessionLock, lockOnScreenSaver, lockOnSuspend, lockOnSessionSwitch, lockAfterIdle,
        gracePeriod, obscureInBackground, allowInhibit, maxFailedAttempts, lockoutSchedule, passcodeKinds,
        minimumLength, guarded, backgroundWhen, hideNotifications, allowSystemAuthentication, allowPasscodeReset,
        lockoutBlocksSystemAuthentication, lockOnScreenShare, unlockTogether,
    ]

    public static let lockOnLaunch = PolicyKey(
        "LockOnLaunch", \.lockOnLaunch, .bool, strictness: .strictest(.bool(true)),
        mandatory: MandatoryKey("RequireLockOnLaunch", "true forces it on"),
        label: N_("App Start"), explanation: N_("Lock an app that has a passcode when it starts"))

    public static let lockOnSessionLock = PolicyKey(
        "LockOnSessionLock", \.lockOnSessionLock, .bool, strictness: .strictest(.bool(true)),
        mandatory: MandatoryKey("RequireLockOnSessionLock", "true forces it on"),
        label: N_("Screen Lock"), explanation: N_("Lock when the screen locks"))

    public static let lockOnScreenSaver = PolicyKey(
        "LockOnScreenSaver", \.lockOnScreenSaver, .bool, strictness: .strictest(.bool(true)),
        mandatory: MandatoryKey("RequireLockOnScreenSaver", "true forces it on"),
        label: N_("Screensaver"), explanation: N_("Lock when the screensaver starts"))

    public static let lockOnSuspend = PolicyKey(
        "LockOnSuspend", \.lockOnSuspend, .bool, strictness: .strictest(.bool(true)),
        mandatory: MandatoryKey("RequireLockOnSuspend", "true forces it on"),
        label: N_("Suspend"), explanation: N_("Lock before the computer suspends or shuts down"))

    public static let lockOnSessionSwitch = PolicyKey(
        "LockOnSessionSwitch", \.lockOnSessionSwitch, .bool, strictness: .strictest(.bool(true)),
        mandatory: MandatoryKey("RequireLockOnSessionSwitch", "true forces it on"),
        label: N_("User Switch"), explanation: N_("Lock when another user's session is switched to"))

    public static let lockAfterIdle = PolicyKey(
        "LockAfterIdle", \.lockAfterIdle, .uint32, strictness: .smallerWithZeroAsNever,
        mandatory: MandatoryKey("MaximumLockAfterIdle", range: 1...UInt32.max, "at most this many seconds; 0 becomes this"),
        label: N_("Idle Time"), explanation: N_("Minutes without input before locking; 0 never locks"))

    public static let gracePeriod = PolicyKey(
        "GracePeriod", \.gracePeriod, .uint32, strictness: .smaller,
        mandatory: MandatoryKey("MaximumGracePeriod", "at most this many seconds"),
        label: N_("Grace Period"), explanation: N_("Seconds an app may stay hidden before it locks; 0 locks at once"))

    public static let obscureInBackground = PolicyKey(
        "ObscureInBackground", \.obscureInBackground, .bool, strictness: .strictest(.bool(true)), mandatory: nil,
        label: N_("Hide Content at Once"), explanation: N_("Cover an app's content as soon as it is hidden"))

    public static let allowInhibit = PolicyKey(
        "AllowInhibit", \.allowInhibit, .bool, strictness: .strictest(.bool(false)),
        mandatory: MandatoryKey("AllowInhibit", "false forbids Inhibit"),
        label: N_("Apps May Delay Locking"), explanation: N_("An app may hold off automatic locking while it needs to"))

    public static let maxFailedAttempts = PolicyKey(
        "MaxFailedAttempts", \.maxFailedAttempts, .uint32, strictness: .smaller,
        mandatory: MandatoryKey("MaximumFailedAttempts", range: 1...UInt32.max, "at most this many"),
        label: N_("Failed Attempts Allowed"), explanation: N_("Wrong passcodes before lock-outs start"))

    public static let lockoutSchedule = PolicyKey(
        "LockoutSchedule", \.lockoutSchedule, .uint32List, strictness: .longerAtEachStep,
        mandatory: MandatoryKey("MinimumLockoutSchedule", "each delay at least the one at the same step here"),
        label: N_("Lock-Out Schedule"),
        explanation: N_("Seconds of each lock-out after that, comma-separated; the last repeats"))

    public static let passcodeKinds = PolicyKey(
        "PasscodeKinds", \.passcodeKinds, .passcodeKinds, strictness: .fewer,
        mandatory: MandatoryKey("AllowedPasscodeKinds", "only these kinds"),
        label: N_("Passcode Kinds"), explanation: N_("The kinds of passcode that may be chosen"))

    public static let minimumLength = PolicyKey(
        "MinimumLength", \.minimumLength, .uint32, range: 0...UInt32(Limits.maxPasscodeBytes), strictness: .larger,
        mandatory: MandatoryKey("MinimumPasscodeLength", range: 0...UInt32(Limits.maxPasscodeBytes), "at least this"),
        label: N_("Shortest Passcode"), explanation: N_("Fewest characters a passcode may have"))

    public static let guarded = PolicyKey(
        "Guard", \.guarded, .bool, strictness: .strictest(.bool(true)),
        mandatory: MandatoryKey("Guard", scope: .listedApps, "the listed apps are guarded"),
        label: N_("Protect Windows"), explanation: N_("Cover the app's windows while it is hidden or locked"))

    public static let backgroundWhen = PolicyKey(
        "BackgroundWhen", \.backgroundWhen, .backgroundRule, strictness: .strictest(BackgroundRule.unfocused.policyValue),
        mandatory: MandatoryKey("BackgroundWhen", "unfocused forces it; minimised changes nothing"),
        label: N_("Hidden When Not Focused"),
        explanation: N_("A protected app is hidden once another app has the focus, not only when minimised"))

    public static let hideNotifications = PolicyKey(
        "HideNotifications", \.hideNotifications, .bool, strictness: .strictest(.bool(true)),
        mandatory: MandatoryKey("HideNotifications", "true forces it on"),
        label: N_("Hide Notification Content"),
        explanation: N_("While the app is locked, its notifications show its name and \"Locked\", never what they say"))

    public static let allowSystemAuthentication = PolicyKey(
        "AllowSystemAuthentication", \.allowSystemAuthentication, .bool, strictness: .strictest(.bool(false)),
        mandatory: MandatoryKey("AllowSystemAuthentication", "false forbids UnlockWithSystemAuthentication"),
        label: N_("System Authentication"),
        explanation: N_("Unlock with your own password or fingerprint instead of the passcode"))

    public static let allowPasscodeReset = PolicyKey(
        "AllowPasscodeReset", \.allowPasscodeReset, .bool, strictness: .strictest(.bool(false)),
        mandatory: MandatoryKey("AllowPasscodeReset", "false forbids ResetPasscode"),
        label: N_("Passcode Reset"), explanation: N_("Remove a forgotten passcode after system authentication"))

    public static let lockoutBlocksSystemAuthentication = PolicyKey(
        "LockoutBlocksSystemAuthentication", \.lockoutBlocksSystemAuthentication, .bool,
        strictness: .strictest(.bool(true)),
        mandatory: MandatoryKey("LockoutBlocksSystemAuthentication", "true makes a lock-out stop system authentication"),
        userSettable: false,
        label: N_("Lock-Out Stops System Authentication"),
        explanation: N_("While a lock-out lasts, system authentication cannot unlock either"))

    public static let lockOnScreenShare = PolicyKey(
        "LockOnScreenShare", \.lockOnScreenShare, .screenShareRule,
        strictness: .laterIn(ScreenShareRule.allCases.map(\.policyValue)),
        mandatory: MandatoryKey("LockOnScreenShare", "at least this: obscure or lock"),
        label: N_("Screen Sharing"),
        explanation: N_("What sharing or recording the screen does to a protected app"))

    public static let unlockTogether = PolicyKey(
        "UnlockTogether", \.unlockTogether, .bool, strictness: .strictest(.bool(false)), mandatory: nil,
        label: N_("Unlock Together"),
        explanation: N_("Entering the AppLock passcode in another app unlocks this one too after a screen lock"))
}
