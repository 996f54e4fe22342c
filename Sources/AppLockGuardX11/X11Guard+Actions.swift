import AppLockCore
public import AppLockGuardCore
import AppLockProtocol
import X11Kit

extension X11Guard {
    public func execute(_ action: DesktopAction) {
        switch action {
        case .prepareCover(let id):
            prepareCover(X11Window(id.rawValue))
        case .cover(let id, _, _):
            // The kind and the app are the core's, read as the cover is drawn (``draw(coverOf:)``).
            showCover(X11Window(id.rawValue))
        case .uncover(let id):
            let client = X11Window(id.rawValue)
            minimiseSoon.remove(client)
            if let cover = covers[client] {
                display.unmap(cover.window)
                covers[client]?.mapped = false
            }
            bringBack(client)
        case .restack(let id, let others):
            let client = X11Window(id.rawValue)
            covers[client]?.aboveCoversOf = Set(others.map { X11Window($0.rawValue) })
            stack(coverOf: client)
            if let lockHost { display.raise(lockHost.window) }
        case .discardCover(let id):
            let client = X11Window(id.rawValue)
            minimiseSoon.remove(client)
            bringBack(client)
            guard let cover = covers.removeValue(forKey: client) else { return }
            coverOwners[cover.window] = nil
            display.destroy(cover.window)
            publishCovers()
        case .grabKeyboard:
            feed(.keyboardGrabAnswered(grabKeyboard()))
        case .releaseKeyboard(let app):
            if let app, let child = lockChild(of: app) { display.focus(child) }
            display.ungrabKeyboard()
        case .showLockWindow(let app, .cover(let id)):
            guard let cover = covers[X11Window(id.rawValue)] else { return discardLockHost() }
            discardLockHost()
            startLockWindow(for: app, inside: cover.window)
        case .showLockWindow(let app, .floating(let area)):
            showFloatingLockWindow(app, over: area)
        case .hideLockWindow(let app):
            if lockHost?.app == app { discardLockHost() }
        case .activate(let id):
            display.requestActivation(of: X11Window(id.rawValue))
        }
    }

    private func prepareCover(_ client: X11Window) {
        guard covers[client] == nil, let frame = clients[client]?.frame else { return }
        let rect = display.geometry(of: frame) ?? X11Rect(x: 0, y: 0, width: 1, height: 1)
        let window = display.createCover(at: rect, rgb: Self.coverRGB)
        covers[client] = Cover(window: window, rect: rect)
        coverOwners[window] = client
        publishCovers()
    }

    /// The hot path: the prepared cover goes directly above the window's frame and is mapped (the server fills it
    /// at once); its label is drawn later, on its first exposure.
    private func showCover(_ client: X11Window) {
        if covers[client] == nil { prepareCover(client) }
        guard let cover = covers[client], let frame = clients[client]?.frame else { return }
        // A window the guard minimised is off the screen: its cover comes back with it (``followMinimised(_:)``).
        if minimisedByGuard.contains(client), !display.isViewable(client) { return }
        display.stack(cover.window, above: frame)
        if cover.mapped {
            draw(coverOf: client)
        } else {
            display.map(cover.window)
            covers[client]?.mapped = true
        }
        if core.coveredWindowsMinimised { minimiseSoon.insert(client) }
    }

    /// Puts the cover where the core last said: directly above its window's frame or, when it must also stay above
    /// other covers (``Cover/aboveCoversOf``), directly above the highest of those and the frame, unless it is above
    /// them all already (so that the cover's own restack, reported back, changes nothing).
    func stack(coverOf client: X11Window) {
        guard let cover = covers[client], cover.mapped, let frame = clients[client]?.frame else { return }
        let floor = [frame] + cover.aboveCoversOf.sorted().compactMap { covers[$0].flatMap { $0.mapped ? $0.window : nil } }
        guard floor.count > 1 else { return display.stack(cover.window, above: frame) }
        let order = display.topLevelStackingOrder()
        guard let highest = order.lastIndex(where: floor.contains) else { return display.stack(cover.window, above: frame) }
        if let own = order.firstIndex(of: cover.window), own > highest { return }
        display.stack(cover.window, above: order[highest])
    }

    /// Minimises the covered windows waiting for it (``minimise(_:)``), except those whose app's lock window is
    /// starting: they wait, covered, until it is on screen with the focus, so that the window manager does not give
    /// the focus to another window when the active one is minimised (the lock window would go).
    func minimiseWaitingWindows() {
        for client in minimiseSoon.sorted() {
            guard let cover = covers[client], cover.mapped else {
                minimiseSoon.remove(client)
                continue
            }
            if let app = core.app(of: GuardWindowID(client.id)), core.lockWindowStarting == app { continue }
            minimiseSoon.remove(client)
            minimise(client)
        }
    }

    /// On a compositing desktop a covered window is minimised too, once its cover is up: a compositor draws each
    /// window from its own pixmap (task switchers' thumbnails, overviews), where the cover is not, and a minimised
    /// window has none. The window counts as shown meanwhile (the core keeps it covered), and comes back when it is
    /// uncovered.
    func minimise(_ client: X11Window) {
        guard core.coveredWindowsMinimised, clients[client]?.overrideRedirect == false, display.isViewable(client),
              !display.isMinimised(client) else { return }
        // The window manager hands the focus on by itself: to one of these, or to none (the core tells, once the
        // window is on its way off the screen).
        let onScreen = display.activeWindow() == client
            ? clients.filter { $0.key != client && $0.value.shown && !minimisedByGuard.contains($0.key) }.keys
            : nil
        if minimisedByGuard.insert(client).inserted { publishMinimised() }
        display.iconify(client)
        if let onScreen {
            feed(.activeWindowHidden(GuardWindowID(client.id), onScreen: Set(onScreen.map { GuardWindowID($0.id) })))
        }
    }

    /// Brings back a window the guard minimised (only those: one the user minimised stays so).
    func bringBack(_ client: X11Window) {
        guard minimisedByGuard.remove(client) != nil else { return }
        offScreenByGuard.remove(client)
        publishMinimised()
        display.deiconify(client)
    }

    /// Grabs the keyboard on the cover of the active window, else on any cover shown.
    private func grabKeyboard() -> Bool {
        let active = display.activeWindow()
        let cover = active.flatMap { covers[$0] }.flatMap { $0.mapped ? $0 : nil }
            ?? covers.values.first { $0.mapped }
        // No cover on screen: the windows the core covers are ones the guard minimised, which get no keys.
        guard let cover else { return !minimisedByGuard.isEmpty }
        return display.grabKeyboard(cover.window)
    }

    /// No cover holds the lock window: it goes into a host window of its own, painted as a cover, centred over the
    /// app's windows and kept above everything (the window manager does not place it: it is override-redirect).
    private func showFloatingLockWindow(_ app: AppID, over area: GuardRect) {
        let screen = display.geometry(of: display.root).map(GuardRect.init)
            ?? GuardRect(x: 0, y: 0, width: area.width, height: area.height)
        let frame = X11Rect(LockWindowPlacement.floatingFrame(
            over: area, screen: screen, scale: core.lockWindowScale))
        if let host = lockHost, host.app == app {
            lockHost?.rect = frame
            display.setGeometry(of: host.window, to: frame)
            return
        }
        discardLockHost()
        let host = display.createCover(at: frame, rgb: Self.coverRGB)
        lockHost = LockHost(app: app, window: host, rect: frame)
        publishCovers()
        display.map(host)
        display.raise(host)
        startLockWindow(for: app, inside: host)
    }

    /// Sends the covers mapped so far to the server first: starting a process takes long enough that they must
    /// not wait for it in the output buffer (the core asks for the covers before the lock window).
    private func startLockWindow(for app: AppID, inside host: X11Window) {
        display.flush()
        driver.startLockWindow(for: app, inside: host.id)
    }

    func discardLockHost() {
        guard let host = lockHost else { return }
        lockHost = nil
        display.destroy(host.window)
        publishCovers()
    }

    func draw(coverOf client: X11Window) {
        let id = GuardWindowID(client.id)
        guard let cover = covers[client], cover.mapped, let app = core.app(of: id), let kind = core.covers[id] else { return }
        let entry = entries[app]
        let subtitle = switch kind {
        // TRANSLATORS: under an app's name on the cover that hides a locked app's window (X11).
        case .locked: N_("Locked")
        // TRANSLATORS: under an app's name on the cover that hides an obscured app's window (X11).
        case .obscured: N_("Hidden")
        }
        display.drawCover(
            cover.window, size: cover.rect, rgb: Self.coverRGB, title: entry?.name ?? app.rawValue,
            subtitle: driver.inUsersLanguage(subtitle), iconPath: driver.iconFiles[app])
    }
}
