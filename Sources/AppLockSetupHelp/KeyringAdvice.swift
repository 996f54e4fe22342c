import Translation

/// What to do when the Secret Service is missing, locked or has no default keyring (`StoreUnavailable`): one
/// wording, shown by `applockctl`, the lock window and the set-up window that Settings opens, in the user's language
/// (the `applock` text domain).
public enum KeyringAdvice {
    /// The advice in full, one sentence: for the command line.
    public static var sentence: String {
        L("AppLock keeps passcodes in your keyring: unlock it, or set up a default one (GNOME and KDE sessions have gnome-keyring or KWallet's Secret Service; elsewhere install gnome-keyring and log in again, or turn on KeePassXC's Secret Service integration).")
    }

    /// The advice in a line that fits the lock window's notice.
    public static var short: String {
        L("Unlock your keyring, or set up a default one (gnome-keyring, or KeePassXC's Secret Service).")
    }
}
