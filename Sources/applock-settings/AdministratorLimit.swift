import Translation

/// How the administrator's `[Mandatory]` policy limits a key the user sees.
enum AdministratorLimit: Equatable, Sendable {
    /// The value is set by the administrator: shown, not editable.
    case fixed
    /// The value may be chosen up to this (seconds for a duration), and no higher; a higher one in the user's
    /// files is shown clamped, as the agent applies it.
    case maximum(UInt32)

    /// The line the row shows under its title.
    var explanation: String { explanation(duration: false) }

    /// The line the row shows under its title; `duration` says the limit is in seconds ("at most 5 minutes").
    func explanation(duration: Bool) -> String {
        switch self {
        case .fixed: L("Set by your administrator")
        case .maximum(let n): L("Set by your administrator: at most %1$s", duration ? DurationField.text(n) : String(n))
        }
    }
}
