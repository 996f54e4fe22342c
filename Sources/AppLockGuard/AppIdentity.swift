import AppLockCore
public import AppLockProtocol

/// How a window's process names its app, each rule as the issue orders them; pure text in, app id out.
public enum AppIdentity {
    /// The app id in the systemd scope the desktop started the process in, from `/proc/PID/cgroup`'s text:
    /// `app-<launcher>-<app_id>-<n>.scope` (or `app-<app_id>-<n>.scope`), with `-` inside the id escaped as `\x2d`.
    public static func fromCgroup(_ text: String) -> AppID? {
        for line in text.split(separator: "\n") {
            for component in line.split(separator: "/").reversed() {
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

    /// The guarded app whose `StartupWMClass` (or, without one, whose id) equals the window's `WM_CLASS` class or
    /// instance name, ignoring case.
    public static func fromWindowClass(
        instance: String, className: String, candidates: [(app: AppID, startupWMClass: String?)]
    ) -> AppID? {
        // Case-blind: KWin reports a window's class in lower case whatever the app set, and a guarded app left
        // unmatched would go uncovered.
        let seen = (className.lowercased(), instance.lowercased())
        for candidate in candidates {
            let expected = (candidate.startupWMClass ?? candidate.app.rawValue).lowercased()
            if expected == seen.0 || expected == seen.1 { return candidate.app }
        }
        return nil
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
