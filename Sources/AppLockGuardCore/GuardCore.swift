import AppLockCore
public import AppLockProtocol

/// The guard's decisions, with no I/O: which windows are covered and how, who holds the keyboard, which lock
/// window runs, what the agent is told. Each input returns the actions that bring the desktop to what the
/// state asks for (covers first); `now` is a monotonic time from the caller's clock.
public struct GuardCore: Sendable {
    /// How long after a failed keyboard grab the guard tries again.
    public static let grabRetryInterval = Duration.milliseconds(20)
    /// How long after a refused registration the guard asks again (the app stays covered meanwhile).
    public static let registrationRetryDelay = Duration.seconds(2)
    /// How long a lock window that ended while its app is still locked waits before it is started again.
    public static let lockWindowRestartDelay = Duration.seconds(1)
    /// How long after the guard hid the active window the compositor's hand-off of the focus is still awaited: after
    /// it, any activation is the user's. Compositors hand the focus on within milliseconds, or once Xwayland or a
    /// minimise animation confirms it (a few hundred); a compositor that hands it to no one says nothing, and the
    /// user's next activation of a window that was on screen then must not count as its choice for longer than this.
    public static let handOffLimit = Duration.seconds(2)

    private struct WindowRecord: Sendable {
        var app: AppID?
        var shown = false
        var rect: GuardRect?
    }

    private enum Registration: Sendable {
        case none, pending, registered
    }

    private struct AppRecord: Sendable {
        var registration = Registration.none
        /// nil until the agent has said: covered as locked meanwhile (fail closed).
        var state: AppState?
        var reported: Activity?
        var lockWindowBlockedUntil: Duration?
        var registerRetryAt: Duration?
        /// The user reached for the app while it was obscured (activated one of its windows, or clicked the cover of
        /// the one in front): it reports `foreground` again, whatever its rule and its last report.
        var reachedFor = false
    }

    /// The guard hid the active window: the compositor's own choice of the window to focus next is awaited. It is the
    /// first activation of a window that was on screen then, or of none; the wait ends at any other activation (the
    /// hidden window's own among them), once the compositor has both named none and taken the window off the screen
    /// (window managers do these in either order, and some name a window after naming none), at a switch of
    /// workspace, when a lock window takes the focus, and at ``handOffLimit``.
    private struct HandOff: Sendable {
        var from: GuardWindowID
        var onScreen: Set<GuardWindowID>
        var until: Duration
        var namedNone = false
        var minimised = false
    }

    /// The cover holding the lock window and the covers it was last stacked above (``LockWindowStacking``).
    private struct LockCoverStacking: Sendable, Equatable {
        var host: GuardWindowID
        var above: Set<GuardWindowID>
    }

    private struct LockWindow: Sendable, Equatable {
        var app: AppID
        /// The window the user reached for.
        var window: GuardWindowID
        var place: LockWindowPlace
        var mapped = false
        /// Its cover went with the lock window inside: it is started again in the new one.
        var coverLost = false
    }

    /// Each guarded app with what makes it `background` (its policy's `BackgroundWhen`): the apps the policy guards,
    /// and the ones ``retained`` keeps.
    private var backgroundRules: [AppID: BackgroundRule] = [:]
    /// Apps the policy stopped guarding while they were locked (or not yet known to the agent): un-guarding never
    /// uncovers a locked app. They stay guarded until they are unlocked (their passcode is the authentication the
    /// change needs) or their last window goes; then the change takes effect.
    private var retained: [AppID: BackgroundRule] = [:]
    private var windows: [GuardWindowID: WindowRecord] = [:]
    private var apps: [AppID: AppRecord] = [:]
    private var agentPresent = false
    private var active: GuardWindowID?
    private var prepared: Set<GuardWindowID> = []
    /// The covers on screen and what they show.
    public private(set) var covers: [GuardWindowID: CoverKind] = [:]
    private var grabHeld = false
    /// A `grabKeyboard` was asked for and not answered yet.
    private var grabPending = false
    /// After a failed grab: when to try again.
    private var grabRetryAt: Duration?
    private var lockWindow: LockWindow?
    private var lockCoverStacking: LockCoverStacking?
    /// The window activated when its app was unlocked, until the window manager names the active window: its app
    /// stays in the foreground meanwhile.
    private var focusGivenBack: GuardWindowID?
    /// The compositor gave the lock window the focus and has named no window active since (a window restored or
    /// opened hidden is the user's reach, not a focus the compositor moved): the user is typing into it, and at an
    /// unlock the focus goes back to the app's window (the lock window is no window of the core's).
    private var lockWindowHasFocus = false
    /// The active window is one the user reached for (restored from a task bar, opened hidden) that the compositor has
    /// not named active: it may never focus it (KWin leaves the focus where it was for a window minimised again at
    /// once), so when that window is uncovered it is activated.
    private var activeOnlyReached = false
    /// The window given the focus back at an unlock, with its app: activated again once the compositor says that
    /// app's lock window is gone from the screen (``GuardInput/lockWindowClosed(_:)``), since a compositor gives the
    /// focus to a window of its own choice then. Until the next lock window is shown.
    private var focusAfterLockWindowCloses: (app: AppID, window: GuardWindowID)?
    /// The compositor's hand-off of the focus being awaited.
    private var handOff: HandOff?
    /// The hidden window whose focus the compositor handed on, until the user activates a window: its app is still
    /// the one in front, and its lock window stays (the user chose no other window).
    private var handedOffFrom: GuardWindowID?
    private var timer: Duration?

    /// How much more room than ``LockWindowSize`` says the lock window needs (``LockWindowSize/scaled(by:)``): the
    /// desktop's scale, which the lock window inherits (`GDK_SCALE`).
    public var lockWindowScale: Double = 1
    /// Whether the backend minimises covered windows too (``GuardInput/coveredWindowsMinimised(_:)``): then no cover
    /// holds the lock window.
    public private(set) var coveredWindowsMinimised = false

    public init() {}

    /// The apps the policy guards.
    public var guardedApps: Set<AppID> { Set(backgroundRules.keys) }

    /// Every window known to be a guarded app's, by window, with its app and its cover now (nil: uncovered).
    public var matchedWindows: [MatchedWindow] {
        windows.keys.sorted().compactMap { window in
            guardedApp(of: window).map { MatchedWindow(window: window, app: $0, cover: covers[window]) }
        }
    }

    /// The guarded app `window` belongs to (nil: none the policy guards, or not resolved yet).
    public func app(of window: GuardWindowID) -> AppID? { guardedApp(of: window) }

    /// The agent's last word on `app` (nil when not known).
    public func state(of app: AppID) -> AppState? { apps[app]?.state }

    /// Of `apps` (those whose policy says `HideNotifications`), the guarded ones whose notifications must show no
    /// content: every one the core would cover, i.e. not known to be `unlocked` (an app with no window, unknown to
    /// the agent or while the agent is away counts as locked, as its windows would).
    public func appsWithPrivateNotifications(among apps: Set<AppID>) -> Set<AppID> {
        apps.filter { backgroundRules[$0] != nil && coverKind(for: $0) != nil }
    }

    /// The app whose lock window is up, if any: the one lock window of the guard (a compositor backend names its
    /// process to the compositor; it keeps no copy of its own).
    public var lockWindowApp: AppID? { lockWindow?.app }

    /// The app whose lock window is asked for and not on screen yet (``GuardInput/lockWindowMapped(_:)``): on a
    /// compositing X11 desktop its covered windows wait to be minimised until it is, so that the window manager hands
    /// the focus to no other window meanwhile.
    public var lockWindowStarting: AppID? { lockWindow.flatMap { $0.mapped ? nil : $0.app } }

    /// The apps whose lock window the wiring keeps started ahead, hidden, so that it shows at once when the user
    /// reaches for the app: every locked app with a window covered as locked on screen, but the one whose lock window
    /// is up and one whose lock window ended less than ``lockWindowRestartDelay`` ago.
    public private(set) var lockWindowsAhead: Set<AppID> = []

    public mutating func handle(_ input: GuardInput, now: Duration) -> [GuardAction] {
        var extra: [GuardAction] = []
        var restackEveryCover = false
        switch input {
        case .guardedAppsChanged(let rules):
            for (app, rule) in backgroundRules where rules[app] == nil && apps[app] != nil && apps[app]?.state != .unlocked
                && apps[app]?.state != .obscured {
                retained[app] = rule
            }
            retained = retained.filter { rules[$0.key] == nil }
            backgroundRules = rules.merging(retained) { configured, _ in configured }
        case .windowResolved(let window, let app):
            let before = guardedApp(of: window)
            windows[window, default: WindowRecord()].app = app
            // A window that turns out to be a guarded app's (a toolkit named it after mapping) while it has the focus:
            // the user reached for that app.
            if active == window, let app = guardedApp(of: window), app != before { noteLateReach(for: window, of: app) }
        case .windowGeometry(let window, let rect):
            windows[window, default: WindowRecord()].rect = rect
        case .windowShown(let window):
            windows[window, default: WindowRecord()].shown = true
        case .windowHidden(let window):
            windows[window]?.shown = false
        case .windowGone(let window):
            windows[window] = nil
            if active == window { active = nil }
            if handedOffFrom == window { handedOffFrom = nil }
            if handOff?.from == window { handOff = nil }
            if focusAfterLockWindowCloses?.window == window { focusAfterLockWindowCloses = nil }
        case .stackingChanged:
            restackEveryCover = true
        case .activeWindowChanged(let window):
            lockWindowHasFocus = false
            if !isHandOff(window, now: now) { activated(window) }
        case .windowOpenedHidden(let window):
            if !isHandOff(window, now: now) { activated(window, onlyReached: true) }
        case .activeWindowHidden(let window, let onScreen):
            handOff = HandOff(from: window, onScreen: onScreen.subtracting([window]), until: now + Self.handOffLimit)
            // Hidden by an answer the core has taken back since (an unlock came first): the compositor's script brings
            // it back with the next answer, and it keeps the focus it had.
            if covers[window] == nil, windows[window]?.shown == true, guardedApp(of: window) != nil {
                extra = [.activate(window)]
                focusGivenBack = window
            }
        case .windowMinimised(let window):
            if handOff?.from == window {
                handOff?.minimised = true
                if handOff?.namedNone == true { handOff = nil }
            }
        case .windowRestored(let window):
            // Only the user brings back a window the guard keeps hidden: the user reached for its app.
            if covers[window] != nil { activated(window, onlyReached: true) }
        case .workspaceSwitched:
            handOff = nil
        case .lockWindowFocused:
            handOff = nil
            lockWindowHasFocus = true
        case .lockWindowScaleChanged(let scale):
            lockWindowScale = scale
        case .coveredWindowsMinimised(let minimised):
            coveredWindowsMinimised = minimised
        case .lockWindowClosed(let app):
            if let pending = focusAfterLockWindowCloses, pending.app == app {
                focusAfterLockWindowCloses = nil
                if windows[pending.window]?.shown == true, covers[pending.window] == nil { extra = [.activate(pending.window)] }
            }
        case .agentPresence(let present):
            agentPresent = present
            if !present {
                for app in apps.keys {
                    apps[app]?.registration = .none
                    apps[app]?.state = nil
                    apps[app]?.reported = nil
                    apps[app]?.registerRetryAt = nil
                }
            }
        case .registrationAnswered(let app, let registered):
            if apps[app]?.registration == .pending {
                apps[app]?.registration = registered ? .registered : .none
                apps[app]?.registerRetryAt = registered ? nil : now + Self.registrationRetryDelay
            }
        case .appStateChanged(let app, let state):
            if apps[app] != nil { apps[app]?.state = state }
            if state != .locked { releaseRetained(app) }
        case .keyboardGrabAnswered(let held):
            grabPending = false
            grabHeld = held
            grabRetryAt = held ? nil : now + Self.grabRetryInterval
        case .lockWindowMapped(let app):
            if lockWindow?.app == app { lockWindow?.mapped = true }
        case .lockWindowExited(let app):
            if lockWindow?.app == app { lockWindow = nil }
            apps[app]?.lockWindowBlockedUntil = now + Self.lockWindowRestartDelay
        case .coverLost(let window):
            prepared.remove(window)
            covers[window] = nil
            grabHeld = false
            if lockWindow?.place == .cover(window) { lockWindow?.coverLost = true }
        case .coverClicked(let window):
            if covers[window] != nil, active != window {
                extra = [.activate(window)]
            } else if active == window {
                noteReach(for: window)
            }
        case .appChosen(let app):
            if let window = windowToReach(of: app) {
                if active != window { extra = [.activate(window)] } else { noteReach(for: window) }
            }
        case .timerFired:
            timer = nil
        }
        return reconcile(now: now, restackEveryCover: restackEveryCover) + extra
    }

    /// Whether the compositor naming `window` active (nil: none) is its own hand-off of the focus after the guard hid
    /// the active window (``HandOff``): then the user chose nothing, and the hidden window's app stays in front.
    private mutating func isHandOff(_ window: GuardWindowID?, now: Duration) -> Bool {
        guard let pending = handOff, now < pending.until else {
            handOff = nil
            return false
        }
        // The hidden window named again: the focus stayed with it (the compositor did not hide it) or came back to it.
        if window == pending.from {
            handOff = nil
            return false
        }
        guard let window else {
            handOff?.namedNone = true
            if pending.minimised { handOff = nil }
            handOver(from: pending.from)
            return true
        }
        handOff = nil
        guard pending.onScreen.contains(window) else { return false }
        handOver(from: pending.from)
        return true
    }

    /// The compositor handed the focus on from the hidden `window`: the core's active window is none.
    private mutating func handOver(from window: GuardWindowID) {
        handedOffFrom = window
        active = nil
        focusGivenBack = nil
    }

    /// The user activated `window` (nil: none).
    private mutating func activated(_ window: GuardWindowID?, onlyReached: Bool = false) {
        handOff = nil
        handedOffFrom = nil
        active = window
        activeOnlyReached = onlyReached
        focusGivenBack = nil
        if let window { noteReach(for: window) }
    }

    /// The user reached for `window`: when it is on screen under an obscured cover, its app is the user's again and
    /// reports `foreground` (the agent clears an obscure it owes to `Lock` or to a background spell at that report,
    /// even one that repeats the last): else, with `BackgroundWhen=minimised`, an app obscured while in front would
    /// never report foreground again and would stay hidden when reached for. A locked app's reach brings its lock
    /// window and reports nothing more. The compositor's own focus hand-off after the guard hid the focused window
    /// never comes here (``isHandOff(_:now:)``).
    private mutating func noteReach(for window: GuardWindowID) {
        guard windows[window]?.shown == true, covers[window] == .obscured, let app = guardedApp(of: window),
              apps[app]?.state == .obscured else { return }
        apps[app]?.reachedFor = true
    }

    /// The active window was just found to be `app`'s: an obscured app reports `foreground` as if it had been
    /// activated under its cover (a locked one gets its lock window from ``reconcileLockWindow(_:now:)``).
    private mutating func noteLateReach(for window: GuardWindowID, of app: AppID) {
        guard windows[window]?.shown == true, apps[app]?.state == .obscured, coverKind(for: app) == .obscured else { return }
        apps[app]?.reachedFor = true
    }

    /// The window of `app` that choosing it from the status item activates: the one its lock window is for, else its
    /// first covered window, else its first known one (on sway a hidden window is off screen and uncovered).
    private func windowToReach(of app: AppID) -> GuardWindowID? {
        if let lockWindow, lockWindow.app == app { return lockWindow.window }
        let appWindows = windows.keys.filter { guardedApp(of: $0) == app }.sorted()
        return appWindows.first { covers[$0] != nil } ?? appWindows.first
    }

    /// The change that un-guarded `app` while it was locked takes effect.
    private mutating func releaseRetained(_ app: AppID) {
        guard retained.removeValue(forKey: app) != nil else { return }
        backgroundRules[app] = nil
    }

    // MARK: Bringing the desktop to the state

    private mutating func reconcile(now: Duration, restackEveryCover: Bool) -> [GuardAction] {
        var actions: [GuardAction] = []
        reconcileCovers(&actions)
        let lockWindowLeft = reconcileLockWindow(&actions, now: now)
        reconcileFocusGivenBack(&actions, lockWindowLeft: lockWindowLeft)
        reconcileStacking(&actions, everyCover: restackEveryCover)
        reconcileLockWindowsAhead(now: now)
        reconcileKeyboard(&actions, now: now)
        reconcileRegistrations(&actions, now: now)
        reconcileActivity(&actions)
        reconcileTimer(&actions, now: now)
        return actions
    }

    private func guardedApp(of window: GuardWindowID) -> AppID? {
        guard let app = windows[window]?.app, backgroundRules[app] != nil else { return nil }
        return app
    }

    private func coverKind(for app: AppID) -> CoverKind? {
        guard agentPresent, let record = apps[app], record.registration == .registered, let state = record.state else {
            return .locked
        }
        switch state {
        case .unlocked: return nil
        case .obscured: return .obscured
        case .locked: return .locked
        }
    }

    private mutating func reconcileCovers(_ actions: inout [GuardAction]) {
        for window in windows.keys.sorted() {
            guard let app = guardedApp(of: window) else { continue }
            if apps[app] == nil { apps[app] = AppRecord() }
            if !prepared.contains(window) {
                prepared.insert(window)
                actions.append(.prepareCover(window))
            }
        }
        var wanted: [GuardWindowID: (CoverKind, AppID)] = [:]
        for (window, record) in windows where record.shown {
            guard let app = guardedApp(of: window), let kind = coverKind(for: app) else { continue }
            wanted[window] = (kind, app)
        }
        for window in wanted.keys.sorted() {
            let (kind, app) = wanted[window]!
            if covers[window] != kind {
                covers[window] = kind
                actions.append(.cover(window, kind, app: app))
            }
        }
        for window in covers.keys.sorted() where wanted[window] == nil {
            covers[window] = nil
            actions.append(.uncover(window))
        }
        for window in prepared.sorted() where guardedApp(of: window) == nil {
            prepared.remove(window)
            actions.append(.discardCover(window))
        }
    }

    /// The lock window comes up when the active window's app is locked, where ``LockWindowPlacement`` puts it (the
    /// active window's cover when it holds it, else the app's largest cover that does, else floating over the app's
    /// windows), and moves when that changes (a floating one is moved, not started again, when the app's windows
    /// do). It stays when the active window becomes none (the window manager
    /// clears it when the lock window takes the focus) and leaves when another window is activated. When its app is
    /// unlocked while the lock window held the focus (no window active, or the compositor said it gave the lock
    /// window the focus), the app's window is activated, and again once the compositor says the lock window is gone:
    /// the one decision of where the focus goes back, which the backends and the compositor scripts carry out.
    private mutating func reconcileLockWindow(_ actions: inout [GuardAction], now: Duration) -> LockWindow? {
        var wanted: LockWindow?
        if let window = active ?? handedOffFrom ?? lockWindow?.window, covers[window] == .locked, let app = guardedApp(of: window),
           apps[app]?.state == .locked, agentPresent,
           (apps[app]?.lockWindowBlockedUntil).map({ now >= $0 }) ?? true
        {
            apps[app]?.lockWindowBlockedUntil = nil
            var appWindows: [GuardWindowID: GuardRect?] = [:]
            for (id, record) in windows where record.shown && covers[id] == .locked && guardedApp(of: id) == app {
                appWindows[id] = .some(record.rect)
            }
            wanted = LockWindow(
                app: app, window: window, place: LockWindowPlacement.place(
                    reachedFor: window, appWindows: appWindows, scale: lockWindowScale, inCover: !coveredWindowsMinimised))
        }
        if let current = lockWindow, let wanted, current.app == wanted.app, current.place.isSameSpot(as: wanted.place),
           !current.coverLost
        {
            lockWindow?.window = wanted.window
            if current.place != wanted.place {
                lockWindow?.place = wanted.place
                actions.append(.showLockWindow(wanted.app, at: wanted.place))
            }
            return nil
        }
        let left = lockWindow
        if let left {
            actions.append(.hideLockWindow(left.app))
            lockWindow = nil
        }
        if let wanted {
            lockWindow = wanted
            focusAfterLockWindowCloses = nil
            actions.append(.showLockWindow(wanted.app, at: wanted.place))
        }
        return left
    }

    /// Where the focus goes after an unlock, decided in the core alone (the backends and the compositor scripts only
    /// carry out `.activate`): here as the covers go, and in ``handle(_:now:)`` at two later facts, the lock window's
    /// toplevel gone (``GuardInput/lockWindowClosed(_:)``) and an active window hidden by an answer since taken back
    /// (``GuardInput/activeWindowHidden(_:onScreen:)``). Here: the unlocked app's window whose lock window held the
    /// focus (no window active, or the compositor said it gave the lock window the focus), given it again once the
    /// compositor says that lock window is gone; else a window its app's unlock uncovered now (not one the policy stopped
    /// guarding) that the compositor is still taking the focus from as the guard hid it (no window was activated
    /// since: KWin names none when it has no other), or the one the user reached for that the compositor never named
    /// active (``activeOnlyReached``); else, while no window is active, such a window: the one whose
    /// focus the compositor handed on as the guard hid it (an app obscured in front), else the first (one just opened
    /// and covered until the agent answered, which the compositor never focused): the user's app is back, and no other
    /// window loses the focus. A window uncovered while the user is at another gets none.
    private mutating func reconcileFocusGivenBack(_ actions: inout [GuardAction], lockWindowLeft left: LockWindow?) {
        var window: GuardWindowID?
        if let left, apps[left.app]?.state == .unlocked, active == nil || lockWindowHasFocus, windows[left.window]?.shown == true {
            window = left.window
            focusAfterLockWindowCloses = (left.app, left.window)
        } else {
            let uncovered = actions.compactMap { action -> GuardWindowID? in
                guard case .desktop(.uncover(let window)) = action, windows[window]?.shown == true,
                      let app = guardedApp(of: window), apps[app]?.state == .unlocked else { return nil }
                return window
            }
            if let from = handOff?.from, uncovered.contains(from) {
                window = from
            } else if activeOnlyReached, let active, uncovered.contains(active) {
                window = active
            } else if active == nil {
                window = uncovered.first { $0 == handedOffFrom } ?? uncovered.first
            }
        }
        if left != nil { lockWindowHasFocus = false }
        guard let window else { return }
        actions.append(.activate(window))
        focusGivenBack = window
    }

    /// Each cover directly above its own window's frame (all of them again once a window moved, was mapped or was
    /// restacked: `everyCover`), and the cover holding the lock window above every other cover of its app that
    /// overlaps it (``LockWindowStacking``), restacked last: when that set changes, when every cover is, and when a
    /// cover of those windows or the lock window went up in this batch (a cover goes up directly above its window).
    private mutating func reconcileStacking(_ actions: inout [GuardAction], everyCover: Bool) {
        var host: GuardWindowID?
        if case .cover(let window)? = lockWindow?.place, covers[window] != nil { host = window }
        if everyCover {
            for window in covers.keys.sorted() where window != host { actions.append(.restack(window)) }
        }
        guard let host, let app = lockWindow?.app else {
            lockCoverStacking = nil
            return
        }
        var others: [GuardWindowID: GuardRect?] = [:]
        for window in covers.keys where window != host && windows[window]?.shown == true && guardedApp(of: window) == app {
            others[window] = .some(windows[window]?.rect)
        }
        let wanted = LockCoverStacking(
            host: host, above: LockWindowStacking.coversBelow(host: windows[host]?.rect, appCovers: others))
        let wentUp = actions.contains { action in
            if case .desktop(.cover(let window, _, _)) = action { return window == host || wanted.above.contains(window) }
            if case .desktop(.showLockWindow(_, at: .cover(let window))) = action { return window == host }
            return false
        }
        if everyCover || !wanted.above.isEmpty && (wentUp || wanted != lockCoverStacking) {
            actions.append(.restack(host, aboveCoversOf: wanted.above))
        }
        lockCoverStacking = wanted
    }

    private mutating func reconcileLockWindowsAhead(now: Duration) {
        var wanted: Set<AppID> = []
        guard agentPresent else { return lockWindowsAhead = [] }
        for (window, kind) in covers where kind == .locked {
            guard let app = guardedApp(of: window), app != lockWindow?.app, let record = apps[app],
                  record.state == .locked, record.lockWindowBlockedUntil.map({ now >= $0 }) ?? true else { continue }
            wanted.insert(app)
        }
        lockWindowsAhead = wanted
    }

    private mutating func reconcileKeyboard(_ actions: inout [GuardAction], now: Duration) {
        let focusCovered = (active ?? handedOffFrom).map { covers[$0] != nil } ?? true
        let wanted = !covers.isEmpty && focusCovered && lockWindow?.mapped != true
        if wanted, !grabHeld, !grabPending, grabRetryAt.map({ now >= $0 }) ?? true {
            grabRetryAt = nil
            grabPending = true
            actions.append(.grabKeyboard)
        } else if !wanted {
            grabRetryAt = nil
            if grabHeld {
                grabHeld = false
                actions.append(.releaseKeyboard(focusLockWindowOf: lockWindow?.mapped == true ? lockWindow?.app : nil))
            }
        }
    }

    private mutating func reconcileRegistrations(_ actions: inout [GuardAction], now: Duration) {
        var withWindows: Set<AppID> = []
        for window in windows.keys {
            if let app = guardedApp(of: window) { withWindows.insert(app) }
        }
        for app in apps.keys.sorted() {
            let record = apps[app]!
            let wanted = withWindows.contains(app)
            switch (record.registration, wanted) {
            case (.none, true) where agentPresent && record.registerRetryAt.map({ now >= $0 }) ?? true:
                apps[app]?.registration = .pending
                apps[app]?.registerRetryAt = nil
                actions.append(.register(app))
            case (.registered, false):
                actions.append(.unregister(app))
                apps[app] = nil
                releaseRetained(app)
            case (.none, false):
                apps[app] = nil
                releaseRetained(app)
            default:
                break
            }
        }
    }

    /// `foreground` or `background` for each registered app, by its rule: `unfocused` is foreground only while it is
    /// the app in front; `minimised` while any of its windows is on screen (a covered window is on screen too, so
    /// covering an app never changes what it reports). The app in front is the one whose window is active or is
    /// being given the focus back; with no active window, the one whose lock window is up (it holds the focus: the
    /// user is at that app, typing its passcode). So neither the lock window taking the focus nor its leaving starts
    /// a background spell and its grace period. An obscured app the user reached for (``noteReach(for:)``) reports
    /// `foreground` again.
    private mutating func reconcileActivity(_ actions: inout [GuardAction]) {
        let activeApp = (active ?? focusGivenBack ?? handedOffFrom).flatMap { window in
            windows[window]?.shown == true ? guardedApp(of: window) : nil
        } ?? (active == nil && lockWindow?.mapped == true ? lockWindow?.app : nil)
        var onScreen: Set<AppID> = []
        for (window, record) in windows where record.shown {
            if let app = guardedApp(of: window) { onScreen.insert(app) }
        }
        for app in apps.keys.sorted() {
            let reachedFor = apps[app]?.reachedFor == true
            apps[app]?.reachedFor = false
            guard apps[app]?.registration == .registered, let rule = backgroundRules[app] else { continue }
            let byRule = switch rule {
            case .minimised: onScreen.contains(app)
            case .unfocused: activeApp == app
            }
            let activity: Activity = reachedFor || byRule ? .foreground : .background
            if apps[app]?.reported != activity || reachedFor {
                apps[app]?.reported = activity
                actions.append(.reportActivity(app, activity))
            }
        }
    }

    private mutating func reconcileTimer(_ actions: inout [GuardAction], now: Duration) {
        var deadlines: [Duration] = []
        if let retry = grabRetryAt, !grabHeld { deadlines.append(retry) }
        for record in apps.values {
            if let until = record.lockWindowBlockedUntil, until > now { deadlines.append(until) }
            if let retry = record.registerRetryAt, record.registration == .none { deadlines.append(retry) }
        }
        let next = deadlines.min()
        if next != timer {
            timer = next
            actions.append(.armTimer(next))
        }
    }
}
