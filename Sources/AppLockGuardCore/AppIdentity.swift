import AppLockCore
public import AppLockProtocol

/// How a window's process names its app, each rule as the issue orders them; pure text in, app id out.
public enum AppIdentity {
    /// The app id in the systemd unit the desktop started the process in, from `/proc/PID/cgroup`'s text:
    /// `app-<launcher>-<app_id>-<n>.scope` (or `app-<app_id>-<n>.scope`; Flatpak's launcher is `flatpak`), with `-`
    /// inside the id escaped as `\x2d`; a D-Bus-activated app's `dbus-:<bus id>-<app_id>@<n>.service`; a snap's
    /// `snap.<snap>.<app>-<uuid>.scope`, whose desktop-file id is `<snap>_<app>`.
    public static func fromCgroup(_ text: String) -> AppID? {
        for line in text.split(separator: "\n") {
            for component in line.split(separator: "/").reversed() {
                if let app = fromDBusService(component) ?? fromSnapScope(component) { return app }
                guard component.hasPrefix("app-"), component.hasSuffix(".scope") else { continue }
                var parts = component.dropFirst("app-".count).dropLast(".scope".count).split(separator: "-")
                guard parts.count >= 2 else { continue }
                parts.removeLast()
                let escaped = parts.count >= 2 ? parts.dropFirst().joined(separator: "-") : String(parts[0])
                if let app = try? AppID(escaped.replacingEscapedDashes()) { return app }
            }
        }
        return nil
    }

    /// `dbus-:1.2-org.gnome.TextEditor@0.service` → `org.gnome.TextEditor`.
    private static func fromDBusService(_ unit: Substring) -> AppID? {
        guard unit.hasPrefix("dbus-:"), unit.hasSuffix(".service"), let at = unit.lastIndex(of: "@") else { return nil }
        let name = unit.dropFirst("dbus-:".count)[..<at]
        guard let dash = name.firstIndex(of: "-") else { return nil }
        return try? AppID(String(name[name.index(after: dash)...]).replacingEscapedDashes())
    }

    /// `snap.firefox.firefox-2b6f….scope` (or snapd's older `snap.firefox.firefox.2b6f….scope`) → `firefox_firefox`.
    private static func fromSnapScope(_ unit: Substring) -> AppID? {
        guard unit.hasPrefix("snap."), unit.hasSuffix(".scope") else { return nil }
        // Snap and app names are letters, digits and dashes; the unit's own id is a UUID (36 bytes).
        let parts = unit.dropFirst("snap.".count).dropLast(".scope".count).split(separator: ".", maxSplits: 2)
        guard parts.count >= 2 else { return nil }
        var app = parts[1]
        if parts.count == 2 {
            guard app.utf8.count > 37, app.utf8.dropLast(36).last == UInt8(ascii: "-") else { return nil }
            app = app.dropLast(37)
        }
        return try? AppID(parts[0] + "_" + app)
    }

    /// The app id of `GIO_LAUNCHED_DESKTOP_FILE` in a process environment (`/proc/PID/environ`: NUL-separated).
    public static func fromEnvironment(_ environ: [UInt8]) -> AppID? {
        let prefix = Array("GIO_LAUNCHED_DESKTOP_FILE=".utf8)
        for entry in environ.split(separator: 0) where entry.starts(with: prefix) {
            let path = String(decoding: entry.dropFirst(prefix.count), as: UTF8.self)
            return fromDesktopFilePath(path)
        }
        return nil
    }

    /// `/usr/share/applications/org.example.Notes.desktop` → `org.example.Notes`.
    public static func fromDesktopFilePath(_ path: String) -> AppID? {
        guard let name = path.split(separator: "/").last, name.hasSuffix(".desktop") else { return nil }
        return try? AppID(String(name.dropLast(".desktop".count)))
    }

    /// The `WM_CLASS` name (class or instance, any case) that makes a window `app`'s: its desktop file's
    /// `StartupWMClass`, else its id.
    public static func windowClass(of app: AppID, startupWMClass: String?) -> String {
        startupWMClass ?? app.rawValue
    }

    /// The guarded app whose `StartupWMClass` (or, without one, whose id) equals the window's `WM_CLASS` class or
    /// instance name, ignoring case.
    public static func fromWindowClass(
        instance: String, className: String, candidates: [GuardedApp]
    ) -> AppID? {
        // Case-blind: KWin reports a window's class in lower case whatever the app set, and a guarded app left
        // unmatched would go uncovered.
        let seen = (className.lowercased(), instance.lowercased())
        for candidate in candidates {
            let expected = windowClass(of: candidate.app, startupWMClass: candidate.startupWMClass).lowercased()
            if expected == seen.0 || expected == seen.1 { return candidate.app }
        }
        return nil
    }

    /// The guarded app whose desktop file's `Exec` program (``GuardedApp/program``) is the one name the window gives
    /// itself, ignoring case: every one of `names` (its Wayland app id; on X11 both halves of `WM_CLASS`; an
    /// Xwayland window's class and instance) is that program. GNOME Shell's window tracker's last resort, weaker
    /// than every name the window gives itself: Debian 12's evince names its Wayland window `evince`, not
    /// `org.gnome.Evince`, and its desktop file has no `StartupWMClass`. A window that calls itself anything else too
    /// (`xterm -class org.example.Notes`: instance `xterm`, class `org.example.Notes`) is not the program's.
    public static func fromProgram(_ names: [String], candidates: [GuardedApp]) -> AppID? {
        let seen = Set(names.map { $0.lowercased() })
        guard seen.count == 1, let name = seen.first, !name.isEmpty else { return nil }
        return candidates.first { $0.program?.lowercased() == name }?.app
    }

    /// The program a window may be matched by for a desktop file whose `Exec` is `exec`: ``program(ofExec:)``,
    /// unless `claimed` (the lower-cased ids and `StartupWMClass`es of every installed desktop file) holds its name:
    /// a window named so is that other desktop file's (Debian's `debian-xterm.desktop` claims `XTerm`, `foot.desktop`
    /// is foot's own), not every app that runs the program.
    public static func windowProgram(ofExec exec: String, claimed: Set<String>) -> String? {
        program(ofExec: exec).flatMap { claimed.contains($0.lowercased()) ? nil : $0 }
    }

    /// Programs that start other programs: never a window's name for the app whose `Exec` runs them.
    static let launchers: Set<String> = [
        "bash", "dash", "env", "flatpak", "gio", "gjs", "java", "mono", "node", "perl", "pkexec", "python", "python3",
        "ruby", "sh", "snap", "sudo", "wine", "xdg-open", "zsh",
    ]

    /// The basename of the program a desktop file's `Exec` runs: its first word after any `env VAR=…` prefix
    /// (`env FOO=1 /usr/bin/evince %U` → `evince`); nil when there is none or it is a generic launcher
    /// (``launchers``, `python3.11`).
    public static func program(ofExec exec: String) -> String? {
        var words = execWords(exec)[...]
        if words.first.map(basename) == "env" {
            words = words.dropFirst().drop { $0.contains("=") || $0.hasPrefix("-") }
        }
        guard let first = words.first else { return nil }
        let name = basename(first)
        let generic = name.isEmpty || launchers.contains(name)
            || launchers.contains(String(name.prefix { $0 != "." && !$0.isNumber }))
        return generic ? nil : name
    }

    /// `Exec`'s words: split at spaces outside double quotes, the quotes removed.
    private static func execWords(_ exec: String) -> [String] {
        var words: [String] = []
        var word: String?
        var quoted = false
        for character in exec {
            if character == "\"" {
                quoted.toggle()
                word = word ?? ""
            } else if character == " " && !quoted {
                if let done = word { words.append(done) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let done = word { words.append(done) }
        return words
    }

    private static func basename(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }
}

extension String {
    fileprivate func replacingEscapedDashes() -> String {
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: "\\x2d") {
            out += rest[..<range.lowerBound] + "-"
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
