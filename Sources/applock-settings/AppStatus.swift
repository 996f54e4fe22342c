import AppLockClient
import Translation

/// The words an app's row says about it: protected or not, its passcode, and what the agent says of it now
/// (unlocked, content hidden, locked, or locked out with the time left).
struct AppStatus: Equatable {
    var guarded: Bool
    var guardRequired: Bool
    var properties: AppProperties?
    /// Its file no longer guards it, but the agent keeps it guarded until its passcode confirms that.
    var unguardingHeld = false

    /// Guarded now, as the agent keeps it: by its file, or while turning protection off waits for the passcode.
    var guardedInForce: Bool { guarded || unguardingHeld }

    /// Listed among the protected apps: guarded, or with a passcode.
    var isProtected: Bool { guardedInForce || properties?.hasPasscode == true }

    /// The row's subtitle at `now` (µs since the epoch).
    func summary(now: UInt64) -> String {
        var parts: [String] = []
        if guardRequired {
            parts.append(L("Protected by your administrator"))
        } else if unguardingHeld {
            parts.append(L("Protected until your passcode confirms turning it off"))
        } else if guarded {
            parts.append(L("Protected"))
        }
        if let properties {
            parts.append(properties.hasPasscode ? L("Passcode set") : L("No passcode"))
            parts.append(Self.state(properties, now: now))
        } else if guardedInForce {
            parts.append(L("No passcode"))
        }
        return parts.isEmpty ? L("Not protected") : parts.joined(separator: " · ")
    }

    /// "Unlocked", "Content hidden", "Locked", "Locked out for 4:59".
    static func state(_ properties: AppProperties, now: UInt64) -> String {
        if properties.retryAfter > now {
            let seconds = (properties.retryAfter - now + 999_999) / 1_000_000
            // TRANSLATORS: %1$s is the time left, minutes and seconds ("4:59").
            return L("Locked out for %1$s", "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)")
        }
        switch properties.state {
        case .unlocked: return L("Unlocked")
        case .obscured: return L("Content hidden")
        // TRANSLATORS: an app's state in Settings.
        case .locked: return L("Locked")
        }
    }
}
