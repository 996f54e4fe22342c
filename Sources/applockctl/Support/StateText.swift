import AppLockProtocol
import Translation

/// The states applockctl prints in its text output, in the user's language (`--json` keeps the protocol's words).
enum StateText {
    static func name(_ state: AppState) -> String {
        switch state {
        // TRANSLATORS: an application's state in applockctl's table.
        case .unlocked: L("unlocked")
        // TRANSLATORS: an application's state: hidden behind a plain cover, no passcode needed.
        case .obscured: L("obscured")
        // TRANSLATORS: an application's or the session's state.
        case .locked: L("locked")
        }
    }

    /// The session's state (the protocol's word when it is one this version does not know).
    static func session(_ raw: String) -> String {
        switch SessionState(rawValue: raw) {
        // TRANSLATORS: the desktop session's state: in use.
        case .active: L("active")
        case .locked: L("locked")
        // TRANSLATORS: the desktop session's state: the screensaver is on.
        case .screensaver: L("screensaver")
        // TRANSLATORS: the desktop session's state: another session is in front.
        case .inactive: L("inactive")
        // TRANSLATORS: the desktop session's state: no input for a while.
        case .idle: L("idle")
        // TRANSLATORS: the desktop session's state: going to sleep.
        case .suspending: L("suspending")
        // TRANSLATORS: the desktop session's state: not known.
        case .unknown: L("unknown")
        default: raw
        }
    }
}
