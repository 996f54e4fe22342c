import AppLockCore
import AppLockProtocol

/// What the guard knows of the script inside the compositor on KDE Plasma (the KWin script it loads) and GNOME (the
/// AppLock Shell extension), and the ``GuardReadiness`` that follows: protecting only while the compositor is on the
/// bus, its script is loaded (KWin) or the extension `ENABLED` (GNOME), and that script has polled the guard since
/// and keeps polling: the script holds one `Poll` at a time and sends the next as soon as an answer arrives (the
/// KWin script before carrying it out, the extension after), so once the guard has answered every `Poll` it held,
/// the next must arrive within ``pollSilenceBound`` or the script is `silent` (its poll loop ended, or the compositor
/// hangs) until it polls again. Pure: the backend
/// records what the bus says, with the time from its clock, and reports ``readiness``.
public struct CompositorSide: Sendable, Equatable {
    /// Which compositor.
    public enum Kind: Sendable, Equatable {
        case kwin
        case gnomeShell
    }

    /// The compositor's bus name (`org.kde.KWin`, `org.gnome.Shell`).
    public enum Presence: Sendable, Equatable {
        /// Not asked yet.
        case unknown
        /// Nobody owns it.
        case absent
        /// Owned by this unique name.
        case present(String)
    }

    /// The AppLock extension, as `GetExtensionInfo` and `ExtensionStateChanged` describe it.
    public enum ExtensionFinding: Sendable, Equatable {
        /// Not asked yet.
        case unknown
        /// The Shell does not know it (an empty answer).
        case missing
        /// Its `state` (the raw number, when GNOME adds one this guard does not know) and `error` text.
        case state(Int, error: String)
    }

    /// The KWin script.
    public enum ScriptFinding: Sendable, Equatable {
        case notLoaded
        case loaded
        case failed(String)
        /// KWin no longer has it (`isScriptLoaded` answered false).
        case unloaded
    }

    public let kind: Kind
    public var compositor = Presence.unknown
    /// GNOME's `ShellVersion`, when read.
    public var version: String?
    /// What the Shell says of each AppLock extension uuid (``GnomeShellExtensions/appLockUUIDs``); the best one counts.
    public var extensionFindings: [String: ExtensionFinding] = [:]
    /// GNOME's `UserExtensionsEnabled`.
    public var userExtensionsEnabled = true
    public var script = ScriptFinding.notLoaded
    /// Whether the compositor has been on the bus since the guard started (absent before that is still starting up).
    public private(set) var compositorSeen = false
    /// Whether the script has polled the guard since the compositor appeared and the script was (re)loaded or enabled.
    public private(set) var polled = false

    /// How long after the guard answered the script's last held `Poll` the next may take before the script counts
    /// as silent. The next `Poll` follows the answer after at most a few window calls in the compositor's main loop:
    /// milliseconds, tens on a Shell loaded by builds on every core (the bench's GNOME hide path, which includes
    /// that work, measures 23.5 ms p99 under load), so 1.5 s is a margin of some sixty times that, and a Shell stalled
    /// longer is not hiding windows either; the 2 s that the guard allows itself to say "not protecting" still hold
    /// (the silence is confirmed by one bus round trip after the bound, a fraction of a millisecond). Once silent,
    /// only a new `Poll` protects again, and ``ProtectionAlarm`` sends at most one notification in 30 s.
    public static let pollSilenceBound = Duration.milliseconds(1500)

    /// The `Poll`s of the current compositor the guard holds unanswered.
    public private(set) var heldPolls = 0
    /// When the guard last answered the current compositor's `Poll` and held none after it.
    private var lastAnswer: Duration?
    /// Whether the script stopped polling: answered, it sent no `Poll` within ``pollSilenceBound``.
    public private(set) var silent = false

    public init(kind: Kind) {
        self.kind = kind
    }

    /// The compositor's bus name has a new owner ("" for none): nothing is known of its script yet.
    public mutating func compositorChanged(owner: String) {
        compositor = owner.isEmpty ? .absent : .present(owner)
        if !owner.isEmpty { compositorSeen = true }
        extensionFindings = [:]
        script = .notLoaded
        polled = false
        heldPolls = 0
        lastAnswer = nil
        silent = false
    }

    /// A `Poll` arrived from `sender` and is held: it counts only from the compositor itself.
    public mutating func polled(by sender: String) {
        guard compositor == .present(sender) else { return }
        polled = true
        silent = false
        heldPolls += 1
        lastAnswer = nil
    }

    /// The guard answered a `Poll` of `sender`, at `now`.
    public mutating func pollAnswered(to sender: String, now: Duration) {
        guard compositor == .present(sender), heldPolls > 0 else { return }
        heldPolls -= 1
        if heldPolls == 0 { lastAnswer = now }
    }

    /// When the next `Poll` is due at the latest: nil while one is held, before the first, and once silent.
    public var pollDeadline: Duration? {
        guard polled, !silent, heldPolls == 0 else { return nil }
        return lastAnswer.map { $0 + Self.pollSilenceBound }
    }

    /// The clock reached `now` (at ``pollDeadline``, once the bus has delivered whatever was sent before): past the
    /// deadline with no new `Poll`, the script is silent.
    public mutating func clockReached(_ now: Duration) {
        if let deadline = pollDeadline, now >= deadline { silent = true }
    }

    /// The state of the extension `uuid` changed. Once no AppLock extension is `ENABLED`, one must poll again before
    /// it counts; a `Poll` that came before the states were read still counts when they show one `ENABLED` (the
    /// other generation's state read first is no reason to forget it).
    public mutating func extensionChanged(_ uuid: String, _ finding: ExtensionFinding) {
        let wasEnabled = extensionEnabled
        extensionFindings[uuid] = finding
        if !extensionEnabled, wasEnabled || extensionsKnown { polled = false }
    }

    /// Whether an AppLock extension is `ENABLED`.
    private var extensionEnabled: Bool {
        guard case .state(let state, _) = extensionFinding else { return false }
        return state == GnomeShellExtensions.State.enabled.rawValue
    }

    /// Whether every AppLock extension's state has been read.
    public var extensionsKnown: Bool {
        GnomeShellExtensions.appLockUUIDs.allSatisfy { (extensionFindings[$0] ?? .unknown) != .unknown }
    }

    /// The most useful of the AppLock extensions' findings: `ENABLED` over starting over disabled over `ERROR` over
    /// `OUT_OF_DATE` over missing (a Shell has one generation's extension enabled and the other out of date).
    public var extensionFinding: ExtensionFinding {
        func rank(_ finding: ExtensionFinding) -> Int {
            switch finding {
            case .unknown: return 0
            case .missing: return 1
            case .state(let raw, _):
                switch GnomeShellExtensions.State(rawValue: raw) {
                case .enabled: return 7
                case .enabling, .downloading: return 6
                case .disabled, .initialized, .disabling: return 5
                case .error: return 4
                case .outOfDate: return 3
                case nil: return 2
                }
            }
        }
        return extensionFindings.values.max { rank($0) < rank($1) } ?? .unknown
    }

    /// The script was loaded, failed to load, or was found unloaded; it must poll again before it counts.
    public mutating func scriptChanged(_ finding: ScriptFinding) {
        script = finding
        polled = false
        silent = false
    }

    private var desktopName: String {
        switch kind {
        case .kwin: GuardDesktop.plasmaWayland.name
        case .gnomeShell: version.map { "GNOME \($0)" } ?? GuardDesktop.gnomeWayland.name
        }
    }

    private static let restartFix = N_("restart applock-guard (systemctl --user restart applock-guard)")

    public var readiness: GuardReadiness {
        let name = desktopName
        func not(_ reason: GuardReason, _ detail: String, fix: String) -> GuardReadiness {
            .notProtecting(reason, on: name, detail, fix: fix)
        }
        switch (kind, compositor) {
        case (_, .unknown):
            return GuardReadiness.initial(for: kind == .kwin ? .plasmaWayland : .gnomeWayland)
        case (_, .absent) where !compositorSeen:
            return not(.waiting, kind == .kwin ? N_("KWin is not on the session bus yet") : N_("GNOME Shell is not on the session bus yet"),
                       fix: GuardReadiness.waitFix)
        case (.kwin, .absent):
            return not(.compositorGone, N_("KWin is not on the session bus (org.kde.KWin has no owner)"),
                       fix: N_("log in to Plasma again; the guard loads its script as soon as KWin is back"))
        case (.gnomeShell, .absent):
            return not(.compositorGone, N_("GNOME Shell is not on the session bus (org.gnome.Shell has no owner)"),
                       fix: N_("log in to GNOME again; the guard protects as soon as the Shell and its AppLock extension are back"))
        case (.kwin, .present):
            switch script {
            case .notLoaded:
                return GuardReadiness.initial(for: .plasmaWayland)
            case .failed(let problem):
                return not(.scriptFailed, N_("the AppLock KWin script failed to load") + " (\(problem))", fix: Self.restartFix)
            case .unloaded:
                return not(.scriptUnloaded, N_("the AppLock KWin script was unloaded"),
                           fix: N_("restart applock-guard (systemctl --user restart applock-guard), which loads it again"))
            case .loaded:
                if polled, silent {
                    return not(.scriptSilent, N_("the AppLock KWin script stopped polling the guard") + " (none for "
                               + "\(Self.pollSilenceBound) after its last answer)",
                               fix: N_("restart applock-guard (systemctl --user restart applock-guard), which loads it again; `journalctl --user -b` may say why it stopped"))
                }
                return polled
                    ? .protecting(on: name, N_("its KWin script polls the guard"))
                    : not(.waiting, N_("the AppLock KWin script is loaded but has not polled yet"), fix: GuardReadiness.waitFix)
            }
        case (.gnomeShell, .present):
            return gnomeReadiness(name)
        }
    }

    private func gnomeReadiness(_ name: String) -> GuardReadiness {
        let disabled = GnomeShellExtensions.appLockUUIDs.first { uuid in
            guard case .state(let raw, _) = extensionFindings[uuid] else { return false }
            return [.disabled, .initialized, .disabling].contains(GnomeShellExtensions.State(rawValue: raw))
        } ?? GnomeShellExtensions.appLockUUID
        let enable = "run `gnome-extensions enable \(disabled)` (or `applockctl guard add APP`, or switch it on in the Extensions app)"
        let best = extensionFinding
        switch extensionsKnown || best == .state(GnomeShellExtensions.State.enabled.rawValue, error: "") ? best : .unknown {
        case .unknown:
            return .notProtecting(.waiting, on: name, N_("the AppLock extension has not answered yet"), fix: GuardReadiness.waitFix)
        case .missing:
            return .notProtecting(
                .extensionMissing, on: name,
                N_("the AppLock extension is not installed") + " (\(GnomeShellExtensions.appLockUUIDs.joined(separator: ", ")))",
                fix: "install AppLock's GNOME Shell extension (the applock package puts it in "
                    + "/usr/share/gnome-shell/extensions), log out and in, then \(enable)")
        case .state(let raw, let error):
            let state = GnomeShellExtensions.State(rawValue: raw)
            let stateName = state?.name ?? "state \(raw)"
            switch state {
            case .enabled:
                if polled, silent {
                    let enabled = GnomeShellExtensions.appLockUUIDs.first { uuid in
                        guard case .state(let raw, _) = extensionFindings[uuid] else { return false }
                        return raw == GnomeShellExtensions.State.enabled.rawValue
                    } ?? GnomeShellExtensions.appLockUUID
                    return .notProtecting(
                        .extensionSilent, on: name,
                        N_("the AppLock extension stopped polling the guard") + " (none for \(Self.pollSilenceBound) after its last answer)",
                        fix: "run `gnome-extensions disable \(enabled)` and `gnome-extensions enable \(enabled)`, or log out "
                            + "and in; `journalctl --user -b /usr/bin/gnome-shell` says why it stopped")
                }
                if polled { return .protecting(on: name, N_("the AppLock extension polls the guard")) }
                return .notProtecting(
                    .waiting, on: name, N_("the AppLock extension is enabled but has not answered yet"),
                    fix: GuardReadiness.waitFix)
            case .disabled, .initialized, .disabling:
                guard userExtensionsEnabled else {
                    return .notProtecting(
                        .extensionsSwitchedOff, on: name, N_("GNOME's extensions are switched off") + " (\(stateName))",
                        fix: N_("switch Extensions on in the Extensions app (gsettings set org.gnome.shell disable-user-extensions false)"))
                }
                return .notProtecting(.extensionDisabled, on: name, N_("the AppLock extension is disabled") + " (\(stateName))", fix: enable)
            case .outOfDate:
                return .notProtecting(
                    .extensionOutOfDate, on: name, N_("the AppLock extension is out of date") + " (\(stateName))",
                    fix: "install an AppLock whose extension supports \(name), then log out and in")
            case .error:
                let why = error.isEmpty ? "" : ": \(error)"
                return .notProtecting(
                    .extensionError, on: name, N_("the AppLock extension failed") + " (\(stateName)\(why))",
                    fix: N_("reinstall AppLock, log out and in; `journalctl --user -b /usr/bin/gnome-shell` says more"))
            case .downloading, .enabling, nil:
                return .notProtecting(
                    .waiting, on: name, N_("the AppLock extension is not enabled yet") + " (\(stateName))", fix: GuardReadiness.waitFix)
            }
        }
    }
}
