import AppLockCore
import AppLockGuardCore
import AppLockProtocol
import WaylandKit

extension SwayGuard {
    /// Reads what sway sent; any window or workspace event re-reads the tree (one request, a few KiB).
    func swayEvents() {
        do {
            let arrived = try events.readEvents()
            if arrived.contains(where: { $0.type != SwayIPC.Event.binding }) { refreshTree() }
            for event in arrived where event.bindingCommand == Self.lockAllBindingCommand {
                driver.lockAllByShortcut()
            }
        } catch {
            stopFollowingEvents()
            driver.report(.notProtecting(
                .compositorGone, on: GuardDesktop.sway.name, N_("sway's IPC has gone") + " (\(error))",
                fix: N_("log in to sway again; a new applock-guard starts with it")))
        }
    }

    /// Brings the guard's view of the windows up to sway's tree: new and gone windows, where each is, which one
    /// has the focus. A window the guard hid that has come back on a workspace (the user's `scratchpad show`) is
    /// hidden again at once and counts as the user reaching for the app: the lock window is shown for it.
    func refreshTree() {
        let tree: SwayNode
        do {
            tree = try commands.tree()
        } catch {
            driver.report(.notProtecting(
                .compositorGone, on: GuardDesktop.sway.name, N_("sway's IPC does not answer") + " (\(error))",
                fix: N_("restart applock-guard (systemctl --user restart applock-guard)")))
            return
        }
        driver.report(.protecting(on: GuardDesktop.sway.name, N_("its IPC answers")))
        var seen: Set<Int> = []
        for (node, workspace) in tree.windows() {
            seen.insert(node.id)
            if let pid = node.pid, let app = lockWindows.first(where: { $0.value.pid == pid })?.key {
                if lockWindowContainers[node.id] == nil {
                    lockWindowContainers[node.id] = app
                    placeLockWindow(node.id)
                    feed(.lockWindowMapped(app))
                }
                continue
            }
            if windows[node.id] == nil {
                windows[node.id] = Window(pid: node.pid, workspace: workspace)
                resolve(node.id, node: node)
            } else if windows[node.id]?.names != Self.names(of: node) {
                // The client named its app after mapping (a Wayland app id set late): decided again.
                resolve(node.id, node: node)
            }
            windows[node.id]?.workspace = workspace
            if workspace != Self.scratchpad { windows[node.id]?.floating = node.type == "floating_con" }
            if windows[node.id]?.home != nil, workspace != Self.scratchpad {
                if node.focused { focused = node.id }
                moveToScratchpad(node.id, restored: true)
            }
            updateShown(node.id)
        }
        for id in lockWindowContainers.keys where !seen.contains(id) { lockWindowContainers[id] = nil }
        for id in windows.keys.sorted() where !seen.contains(id) {
            windows[id] = nil
            feed(.windowGone(GuardWindowID(UInt32(id))))
        }
        let workspace = tree.focusedWorkspace()
        if let workspace, workspace != focusedWorkspace {
            if focusedWorkspace != nil { feed(.workspaceSwitched) }
            focusedWorkspace = workspace
        }
        updateFocus(tree.focusedID())
    }

    /// Moves a window the guard hides to the scratchpad (first: the hot path), then tells the core the facts: the
    /// window was `restored` by the user (it came back on a workspace), and when it had the focus, sway hands the
    /// focus on by itself (the core tells that from the user's choice).
    func moveToScratchpad(_ id: Int, restored: Bool = false) {
        let onScreen = windows.filter { $0.key != id && $0.value.workspace != Self.scratchpad }.keys
        sway("[con_id=\(id)] move scratchpad")
        windows[id]?.workspace = Self.scratchpad
        if restored { feed(.windowRestored(GuardWindowID(UInt32(id)))) }
        if focused == id {
            feed(.activeWindowHidden(GuardWindowID(UInt32(id)), onScreen: Set(onScreen.map { GuardWindowID(UInt32($0)) })))
        }
        feed(.windowMinimised(GuardWindowID(UInt32(id))))
    }

    /// The focus moved: to one of the apps' windows or to a lock window (reported), or to an empty workspace or a
    /// window that has gone (the app that had it keeps it, as far as the core is concerned).
    private func updateFocus(_ id: Int?) {
        guard id != focused else { return }
        focused = id
        if let id, let app = lockWindowContainers[id] { return feed(.lockWindowFocused(app)) }
        guard let id, windows[id] != nil else { return }
        feed(.activeWindowChanged(GuardWindowID(UInt32(id))))
    }

    /// A window counts as shown while it is on a workspace, or while the guard holds it in the scratchpad; one
    /// the user sent to the scratchpad is hidden (minimised).
    func updateShown(_ id: Int) {
        guard let window = windows[id] else { return }
        let shown = window.workspace != Self.scratchpad || window.home != nil
        guard window.shown != shown else { return }
        windows[id]?.shown = shown
        feed(shown ? .windowShown(GuardWindowID(UInt32(id))) : .windowHidden(GuardWindowID(UInt32(id))))
    }

    /// Which guarded app the window belongs to (``GuardDriver/guardedApp(pid:clues:appsByPID:)``): the app id
    /// sway reports, an Xwayland window's class and instance.
    func resolve(_ id: Int, node: SwayNode? = nil) {
        guard let window = windows[id] else { return }
        let node = node ?? (try? commands.tree())?.windows().first { $0.window.id == id }?.window
        var appsByPID: [Int32: AppID] = [:]
        for other in windows.values { if let p = other.pid, let a = other.app { appsByPID[p] = a } }
        let names = node.map(Self.names(of:)) ?? []
        let app = driver.guardedApp(pid: window.pid, clues: names.map(WindowClue.name), appsByPID: appsByPID)
        windows[id]?.app = app
        windows[id]?.names = names
        feed(.windowResolved(GuardWindowID(UInt32(id)), app: app))
    }

    /// The names sway gives a window that may name its app: its Wayland app id, an Xwayland window's class and instance.
    static func names(of node: SwayNode) -> [String] {
        [node.appID, node.windowProperties?.windowClass, node.windowProperties?.instance].compactMap { $0 }
    }

    /// The lock window: floating, on every workspace, in the middle, with the keyboard.
    func placeLockWindow(_ id: Int) {
        sway("[con_id=\(id)] floating enable, sticky enable, move position center, focus")
    }
}
