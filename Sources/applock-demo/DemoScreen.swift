import AppLockClient
import AppLockCore

/// Draws the demo's screens as lines of text (ANSI attributes only; no cursor addressing).
enum DemoScreen {
    static let width = 64
    static let sensitiveText = [
        "Account 4711-0815-2342   balance  12,345.67 EUR",
        "Diary, 14 March: the surprise party is on Saturday.",
        "Wi-Fi password of the lab: correct-horse-battery-staple",
    ]

    static let bold = "\u{1B}[1m"
    static let dim = "\u{1B}[2m"
    static let red = "\u{1B}[31m"
    static let reset = "\u{1B}[0m"

    static func center(_ text: String, visibleLength: Int? = nil) -> String {
        let length = visibleLength ?? text.count
        return String(repeating: " ", count: max(0, (width - length) / 2)) + text
    }

    static func content(appID: String, status: AppLockStatus, message: String?) -> [String] {
        var lines = ["", center("\(bold)AppLock Demo\(reset)", visibleLength: 12), center(appID), ""]
        lines.append("  \(bold)Sensitive content\(reset)")
        lines.append("")
        lines += sensitiveText.map { "    " + $0 }
        lines.append("")
        let passcode = status.hasPasscode ? "passcode: \(status.passcodeKind?.rawValue ?? "set")" : "no passcode"
        lines.append("  \(dim)state: \(status.state.rawValue) (\(status.reason.rawValue)) · \(passcode)\(reset)")
        if let message { lines.append("  " + message) }
        lines.append("")
        var keys = "  l lock now · "
        keys += status.hasPasscode ? "c change passcode · r remove passcode" : "s set a passcode"
        keys += " · q quit"
        lines.append(keys)
        return lines
    }

    static func cover(appID: String) -> [String] {
        ["", "", center("\(bold)AppLock Demo\(reset)", visibleLength: 12), "", center("Content hidden"), ""]
    }

    static func offer() -> [String] {
        [
            "", center("\(bold)AppLock Demo\(reset)", visibleLength: 12), "",
            center("This app has no passcode yet. Set one?"), "",
            "      4  four digits      6  six digits",
            "      n  any digits       a  letters and digits",
            "      Esc  not now",
        ]
    }

    static func lock(appID: String, status: AppLockStatus, flow: PasscodeFlow, typed: Int) -> [String] {
        var lines = ["", center("\(bold)AppLock Demo\(reset)", visibleLength: 12), center(appID), ""]
        lines.append(center("\(bold)LOCKED\(reset)", visibleLength: 6))
        lines.append("")
        if !status.isAgentAvailable {
            if let error = status.registrationError {
                lines.append(center(error.description))
            } else {
                lines.append(center("Waiting for the AppLock agent…"))
            }
            lines.append("")
        }
        lines += entryLines(kind: status.passcodeKind, prompt: flow.prompt, typed: typed)
        lines.append("")
        let waitSeconds = status.secondsUntilRetry()
        if waitSeconds > 0 {
            lines.append(center("\(red)Too many failed attempts. Try again in \(waitSeconds) s.\(reset)",
                                visibleLength: 46 + String(waitSeconds).count))
        } else if let notice = flow.notice {
            lines.append(center(text(of: notice)))
        } else if status.failedAttempts > 0 {
            lines.append(center("\(status.failedAttempts) failed attempt\(status.failedAttempts == 1 ? "" : "s")"))
        } else {
            lines.append("")
        }
        lines.append("")
        lines.append(center("\(dim)reason: \(status.reason.rawValue)\(reset)", visibleLength: 8 + status.reason.rawValue.count))
        return lines
    }

    static func setup(flow: PasscodeFlow, typed: Int) -> [String] {
        var lines = ["", center("\(bold)AppLock Demo\(reset)", visibleLength: 12), ""]
        lines += entryLines(kind: flow.newKind, prompt: flow.prompt, typed: typed)
        lines.append("")
        if let notice = flow.notice { lines.append(center(text(of: notice))) } else { lines.append("") }
        lines.append("")
        lines.append(center("\(dim)Enter to continue · Esc to cancel\(reset)", visibleLength: 33))
        return lines
    }

    /// The prompt, then dots over a keypad for numeric kinds or a masked field for alphanumeric ones.
    static func entryLines(kind: PasscodeKind?, prompt: String, typed: Int) -> [String] {
        var lines = [center(prompt), ""]
        let kind = kind ?? .alphanumeric
        if kind.isNumeric {
            let slots = kind.fixedLength ?? max(4, typed)
            let dots = (0..<slots).map { $0 < typed ? "●" : "○" }.joined(separator: " ")
            lines.append(center(dots))
            lines.append("")
            for row in ["1   2   3", "4   5   6", "7   8   9", "    0    "] {
                lines.append(center("[ " + row + " ]"))
            }
        } else {
            let field = String(repeating: "*", count: typed) + "_"
            lines.append(center("Passcode: " + field))
        }
        return lines
    }

    static func text(of notice: PasscodeFlow.Notice) -> String {
        switch notice {
        case .mismatch: "The passcodes did not match. Try again."
        case .wrongShape(let problem): "That passcode does not fit: \(problem)."
        case .failed(let error): error.description
        }
    }
}
