import AppLockClient
import Translation

/// Which passcode a flow of the set-up window acts on, and so which of the agent's methods its requests go to.
enum SetupTarget: Equatable, Sendable {
    /// The app's passcode (`SetPasscode`, `ChangePasscode`, `RemovePasscode`): its own, or the AppLock passcode
    /// it uses, which `ChangePasscode` replaces with a passcode of its own and `RemovePasscode` stops it using.
    case app
    /// Sets the AppLock passcode (`SetSharedPasscode`), then has the app use it (`UseSharedPasscode`).
    case sharedForApp
    /// The AppLock passcode itself (`SetSharedPasscode`, `ChangeSharedPasscode`, `RemoveSharedPasscode`).
    case shared
    /// The app's own passcode entered, the app uses the AppLock passcode instead (`SwitchToSharedPasscode`, in one
    /// step: never without a passcode in between).
    case switchToShared
}

extension PasscodeFlow {
    /// The prompt of the current step for `target`, in the user's language; `usesShared`: the app's passcode is
    /// the AppLock passcode (so its current passcode is the AppLock passcode).
    func sentence(for target: SetupTarget, usesShared: Bool) -> String {
        switch (target, step, purpose) {
        case (.shared, .enterCurrent, _): L("Enter the AppLock passcode")
        case (.app, .enterCurrent, _) where usesShared: L("Enter the AppLock passcode")
        case (.switchToShared, .enterCurrent, _): L("Enter this app's current passcode")
        case (.shared, .finished, .set): L("The AppLock passcode is set.")
        case (.shared, .finished, .change): L("The AppLock passcode is changed.")
        case (.shared, .finished, .remove): L("The AppLock passcode is removed. The apps that used it have no passcode now.")
        case (.switchToShared, .finished, _): L("This app uses the AppLock passcode now.")
        case (.app, .finished, .change) where usesShared: L("This app has a passcode of its own now.")
        default: sentence
        }
    }
}
