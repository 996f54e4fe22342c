import AppLockCore
import AppLockGuardCore
import AppLockGuard
import AppLockProtocol
import Glibc
import X11Kit

extension X11Guard {
    /// Handles every event Xlib has read or can read without blocking.
    func drainX() {
        guard !draining else { return }
        draining = true
        while let event = display.nextEvent() { handle(event) }
        minimiseWaitingWindows()
        draining = false
        display.flush()
    }

    private func handle(_ event: X11Event) {
        switch event {
        case .propertyChanged(let window, .clientList) where window == display.root:
            let listed = Set(display.clientList())
            for window in listed.sorted() where clients[window] == nil { track(window) }
        case .propertyChanged(let window, .activeWindow) where window == display.root:
            feed(.activeWindowChanged(display.activeWindow().map { GuardWindowID($0.id) }))
        case .compositorChanged:
            noticeCompositor()
        case .xsettingsChanged:
            followTextScaling()
        case .propertyChanged(let window, .windowState) where clients[window] != nil:
            updateShown(window)
        case .propertyChanged(let window, .windowClass), .propertyChanged(let window, .applicationID),
             .propertyChanged(let window, .transientFor):
            // A fact that names the app appeared or changed (GTK sets `_GTK_APPLICATION_ID` after `WM_CLASS`, often
            // after mapping): the window's app is decided again.
            if clients[window] != nil { resolve(window) }
        case .propertyChanged(let window, .processID) where clients[window] != nil:
            clients[window]?.pid = processOf(window)
            resolve(window)
        case .created(let window, let parent, let overrideRedirect):
            if parent == display.root, coverOwners[window] == nil, window != lockHost?.window {
                if overrideRedirect { trackOverrideRedirect(window) } else { track(window) }
            } else {
                adoptLockWindow(window, in: parent)
            }
        case .reparented(let window, let parent):
            if adoptLockWindow(window, in: parent) {
                // The lock window: another process's top-level, now inside a cover, is no app window.
                if clients[window] != nil { untrack(window) }
            } else if clients[window] != nil {
                refreshFrame(of: window)
            }
        case .unmapped(let window) where coverOwners[window].flatMap({ covers[$0]?.mapped }) == true:
            coverLost(window)
        case .unmapped(let window) where window == lockHost?.window:
            display.map(window)
        case .mapped(let window), .unmapped(let window):
            if case .mapped = event, let app = app(ofLockChild: window) {
                feed(.lockWindowMapped(app))
            } else if clients[window] != nil {
                // A toolkit makes its menus ahead, before its app's windows are known: resolved again when shown.
                if case .mapped = event, clients[window]?.overrideRedirect == true { resolve(window) }
                updateShown(window)
            } else if let client = frames[window] {
                // The window manager has taken a window the guard minimised off the screen (some name the window
                // they hand the focus to before this, some after: the core tells).
                if case .unmapped = event, minimisedByGuard.contains(client) { feed(.windowMinimised(GuardWindowID(client.id))) }
                updateShown(client)
                feed(.stackingChanged)
            } else if coverOwners[window] == nil, window != lockHost?.window, case .mapped = event {
                feed(.stackingChanged)
            }
        case .configured(let window, let rect, let above):
            if let client = coverOwners[window] {
                keepCoverInPlace(of: client, rect: rect, above: above)
            } else if let client = frames[window] ?? (clients[window]?.frame == window ? window : nil) {
                followGeometry(of: client, frameRect: rect)
                feed(.stackingChanged)
            } else if coverOwners[window] == nil, clients[window] == nil, window != lockHost?.window {
                feed(.stackingChanged)
            }
        case .destroyed(let window):
            if clients[window] != nil { untrack(window) }
            if coverOwners[window] != nil { coverLost(window) }
            for (client, cover) in covers where cover.lockChild == window { covers[client]?.lockChild = nil }
            if lockHost?.lockChild == window { lockHost?.lockChild = nil }
        case .exposed(let window):
            if let client = coverOwners[window] { draw(coverOf: client) }
        case .buttonPressed(let window):
            if let client = coverOwners[window] { feed(.coverClicked(GuardWindowID(client.id))) }
        case .keyPressed(let keycode, let state):
            if lockAllGrab?.matches(keycode: keycode, state: state) == true { driver.lockAllByShortcut() }
        default:
            break
        }
    }

    /// Another client destroyed or unmapped a cover (only the guard's own `uncover` may take one down): the
    /// window is forgotten (destroyed if it still exists) and the core makes and shows a new one at once.
    private func coverLost(_ window: X11Window) {
        guard let client = coverOwners.removeValue(forKey: window) else { return }
        driver.log("the cover of window \(client) was taken down by another client; covering it again")
        covers[client] = nil
        display.destroy(window)
        publishCovers()
        feed(.coverLost(GuardWindowID(client.id)))
    }

    /// Another client moved, resized or restacked a cover (the guard's own changes leave it where this puts it):
    /// it goes back over its window's frame, directly above it.
    /// A cover that must stay above other covers (the lock window's) goes back above them too, and so does one
    /// that must stay above this cover.
    private func keepCoverInPlace(of client: X11Window, rect: X11Rect, above: X11Window?) {
        guard let cover = covers[client], let frame = clients[client]?.frame else { return }
        if rect != cover.rect { display.setGeometry(of: cover.window, to: cover.rect) }
        guard cover.mapped else { return }
        if !cover.aboveCoversOf.isEmpty {
            stack(coverOf: client)
        } else if above != frame {
            display.stack(cover.window, above: frame)
        }
        for (other, otherCover) in covers where otherCover.aboveCoversOf.contains(client) { stack(coverOf: other) }
    }

    /// The app whose lock window `child` is, inside a cover or the floating host.
    private func app(ofLockChild child: X11Window) -> AppID? {
        if let client = covers.first(where: { $0.value.lockChild == child })?.key {
            return core.app(of: GuardWindowID(client.id))
        }
        return lockHost?.lockChild == child ? lockHost?.app : nil
    }

    /// The lock window of `app`, inside a cover or the floating host, once it is there.
    func lockChild(of app: AppID) -> X11Window? {
        covers.first { $0.value.lockChild != nil && core.app(of: GuardWindowID($0.key.id)) == app }?.value.lockChild
            ?? (lockHost?.app == app ? lockHost?.lockChild : nil)
    }

    /// Notes `window` as the lock window when `parent` is a cover or the floating lock window's host; false when
    /// it is neither.
    @discardableResult
    private func adoptLockWindow(_ window: X11Window, in parent: X11Window) -> Bool {
        if let client = coverOwners[parent] {
            covers[client]?.lockChild = window
        } else if parent == lockHost?.window {
            lockHost?.lockChild = window
        } else {
            return false
        }
        return true
    }

    /// The window's process: the X server's word (X-Resource) first, since a sandboxed app's `_NET_WM_PID` counts
    /// in its own PID namespace (Flatpak, Snap); `_NET_WM_PID` only when the server cannot tell (a remote client).
    private func processOf(_ window: X11Window) -> Int32? {
        display.clientProcessID(of: window) ?? display.processID(of: window)
    }

    /// Starts following a top-level client window: its frame, its process (`pid` when known already), its app,
    /// whether it is shown.
    func track(_ window: X11Window, pid: Int32? = nil, overrideRedirect: Bool = false) {
        guard clients[window] == nil, coverOwners[window] == nil, window != display.root else { return }
        display.follow(window)
        guard let frame = display.topLevel(of: window) else { return }
        let pid = pid ?? processOf(window)
        clients[window] = Client(frame: frame, pid: pid, overrideRedirect: overrideRedirect)
        if predecessorMinimised.remove(window.id) != nil, display.isMinimised(window) {
            minimisedByGuard.insert(window)
            publishMinimised()
        }
        if frame != window { frames[frame] = window }
        if let rect = display.geometry(of: frame) { followGeometry(of: window, frameRect: rect) }
        resolve(window)
        updateShown(window)
    }

    /// An override-redirect top-level of another process (a menu, a tooltip, a pop-up: above every managed window,
    /// so above the covers too): followed like an app's window, its own frame, its process named by the X server
    /// (such windows rarely carry `_NET_WM_PID`), so that a locked app's open menu gets a cover of its own.
    func trackOverrideRedirect(_ window: X11Window) {
        guard clients[window] == nil, let pid = display.clientProcessID(of: window), pid != getpid() else { return }
        track(window, pid: pid, overrideRedirect: true)
    }

    private func untrack(_ window: X11Window) {
        if let frame = clients[window]?.frame { frames[frame] = nil }
        clients[window] = nil
        offScreenByGuard.remove(window)
        if minimisedByGuard.remove(window) != nil { publishMinimised() }
        feed(.windowGone(GuardWindowID(window.id)))
    }

    private func refreshFrame(of window: X11Window) {
        guard let old = clients[window]?.frame, let frame = display.topLevel(of: window), frame != old else { return }
        frames[old] = nil
        if frame != window { frames[frame] = window }
        clients[window]?.frame = frame
        if let rect = display.geometry(of: frame) { followGeometry(of: window, frameRect: rect) }
        feed(.stackingChanged)
    }

    /// Whether the window is on screen, told to the core; one the guard minimised counts as shown (it stays covered).
    func updateShown(_ window: X11Window) {
        guard clients[window] != nil else { return }
        let onScreen = display.isViewable(window) && !display.isMinimised(window)
        if minimisedByGuard.contains(window) { followMinimised(window, onScreen: onScreen) }
        let shown = onScreen || minimisedByGuard.contains(window)
        guard clients[window]?.shown != shown else { return }
        clients[window]?.shown = shown
        feed(shown ? .windowShown(GuardWindowID(window.id)) : .windowHidden(GuardWindowID(window.id)))
    }

    /// A window the guard minimised left the screen (its cover goes with it) or came back (a task bar, Alt+Tab, a
    /// click): its cover goes up at once with the keyboard, and the core hears it restored. A locked app's
    /// window is minimised again once its lock window is up, floating where it was; an obscured one stays (its app
    /// comes to the foreground).
    private func followMinimised(_ window: X11Window, onScreen: Bool) {
        guard onScreen else {
            offScreenByGuard.insert(window)
            if let cover = covers[window], cover.mapped {
                display.unmap(cover.window)
                covers[window]?.mapped = false
            }
            return
        }
        // Still on screen before the window manager has minimised it: nothing came back.
        guard offScreenByGuard.remove(window) != nil, let cover = covers[window], let frame = clients[window]?.frame
        else { return }
        if !cover.mapped {
            display.stack(cover.window, above: frame)
            display.map(cover.window)
            covers[window]?.mapped = true
        }
        if core.covers[GuardWindowID(window.id)] == .locked {
            feed(.keyboardGrabAnswered(display.grabKeyboard(cover.window)))
            minimiseSoon.insert(window)
        } else {
            minimisedByGuard.remove(window)
            publishMinimised()
        }
        feed(.windowRestored(GuardWindowID(window.id)))
    }

    /// The desktop's text scaling as its XSETTINGS manager publishes it now (none running: normal text), which the
    /// lock window follows: the core places it for that.
    func followTextScaling() {
        driver.lockWindowTextScaling(display.xsettings().map(XSettings.textScaling(in:)) ?? 1)
    }

    /// A compositing manager started or stopped, told to the core (which then floats the lock window where its
    /// window was). Once one runs, every window on screen under a cover is minimised too (``minimise(_:)``); windows
    /// already minimised stay so when it stops, until they are uncovered.
    private func noticeCompositor() {
        let running = display.compositorRunning()
        guard running != core.coveredWindowsMinimised else { return }
        feed(.coveredWindowsMinimised(running))
        driver.log(running ? "a compositing manager runs: covered windows are minimised too" : "the compositing manager stopped")
        for (client, cover) in covers where cover.mapped { minimise(client) }
    }

    /// Tells the core where the window's frame is, and keeps its cover over it.
    private func followGeometry(of client: X11Window, frameRect: X11Rect) {
        // The window manager may animate a minimised frame towards its icon: the window stays where it was.
        if minimisedByGuard.contains(client), display.isMinimised(client) { return }
        if clients[client]?.rect != frameRect {
            clients[client]?.rect = frameRect
            feed(.windowGeometry(GuardWindowID(client.id), GuardRect(frameRect)))
        }
        guard var cover = covers[client], cover.rect != frameRect else { return }
        cover.rect = frameRect
        covers[client] = cover
        display.setGeometry(of: cover.window, to: frameRect)
        if cover.mapped { draw(coverOf: client) }
    }

    /// Which guarded app the window belongs to (``GuardDriver/guardedApp(pid:clues:appsByPID:)``): the launcher's
    /// systemd scope and `GIO_LAUNCHED_DESKTOP_FILE`, `_GTK_APPLICATION_ID`, `WM_CLASS` against the guarded apps'
    /// desktop files, the window it is transient for, then the processes it descends from.
    func resolve(_ window: X11Window) {
        guard let client = clients[window] else { return }
        var clues: [WindowClue] = []
        if let id = display.gtkApplicationID(of: window) { clues.append(.appID(id)) }
        if let wmClass = display.windowClass(of: window) {
            clues.append(.windowClass(instance: wmClass.instance, className: wmClass.className))
        }
        if let owner = display.transientFor(window), let app = clients[owner]?.app { clues.append(.ownerApp(app)) }
        var appsByPID: [Int32: AppID] = [:]
        for other in clients.values { if let p = other.pid, let a = other.app { appsByPID[p] = a } }
        // A menu or pop-up is its process's: the app of that process's other windows.
        if client.overrideRedirect, let app = client.pid.flatMap({ appsByPID[$0] }) { clues.append(.ownerApp(app)) }
        let app = driver.guardedApp(pid: client.pid, clues: clues, appsByPID: appsByPID)
        clients[window]?.app = app
        feed(.windowResolved(GuardWindowID(window.id), app: app))
        guard app != client.app else { return }
        // Its dialogs and its process's menus take their app from it: decided again.
        for (other, otherClient) in clients where other != window
            && (otherClient.overrideRedirect && otherClient.pid == client.pid || display.transientFor(other) == window) {
            resolve(other)
        }
    }
}

extension GuardRect {
    init(_ rect: X11Rect) {
        self.init(x: rect.x, y: rect.y, width: Int32(clamping: rect.width), height: Int32(clamping: rect.height))
    }
}

extension X11Rect {
    init(_ rect: GuardRect) {
        self.init(x: rect.x, y: rect.y, width: UInt32(max(1, rect.width)), height: UInt32(max(1, rect.height)))
    }
}
