import AppLockCore
import AppLockGuard
import AppLockGuardX11
import Glibc

extension SwayGuard {
    func execute(_ action: GuardAction) {
        switch action {
        case .cover(let id, _, _):
            hide(Int(id.rawValue))
        case .uncover(let id), .discardCover(let id):
            bringBack(Int(id.rawValue))
        case .prepareCover, .restack:
            break
        case .grabKeyboard:
            // A window in the scratchpad cannot have the keyboard: hiding it is the grab.
            feed(.keyboardGrabAnswered(true))
        case .releaseKeyboard(let app):
            if let app, let id = lockWindowContainers.first(where: { $0.value == app })?.key {
                sway("[con_id=\(id)] focus")
            }
        case .showLockWindow(let app, _):
            showLockWindow(app)
        case .hideLockWindow(let app):
            lockWindows[app] = nil
            lockWindowContainers = lockWindowContainers.filter { $0.value != app }
        case .activate(let id):
            sway("[con_id=\(id.rawValue)] focus")
        case .register(let app):
            agent.register(app, registered: { [unowned self] ok, problem in
                if let problem { log("cannot register \(app): \(problem)") }
                feed(.registrationAnswered(app, registered: ok))
            }, state: { [unowned self] state in
                feed(.appStateChanged(app, state))
            })
        case .unregister(let app):
            agent.unregister(app)
        case .reportActivity(let app, let activity):
            agent.reportActivity(app, activity)
        case .armTimer(let deadline):
            if let timer { loop.cancel(timer) }
            timer = nil
            if let deadline {
                timer = loop.schedule(at: .after(max(.zero, deadline - now()))) { [unowned self] in
                    timer = nil
                    feed(.timerFired)
                }
            }
        }
    }

    /// The hot path: one IPC command moves the window off every workspace.
    private func hide(_ id: Int) {
        guard let window = windows[id], window.home == nil else { return }
        let tree = try? commands.tree()
        let floating = tree?.windows().first { $0.window.id == id }?.window.type == "floating_con"
        windows[id]?.home = (window.workspace, floating)
        guard window.workspace != Self.scratchpad else { return }
        sway("[con_id=\(id)] move scratchpad")
        windows[id]?.workspace = Self.scratchpad
    }

    /// Puts a hidden window back where it was (tiled again unless it floated) and gives it the focus.
    private func bringBack(_ id: Int) {
        guard let home = windows[id]?.home else { return }
        windows[id]?.home = nil
        let workspace = home.workspace == Self.scratchpad ? "current" : "\"\(home.workspace)\""
        let target = workspace == "current" ? "" : ", move container to workspace \(workspace)"
        sway("[con_id=\(id)] scratchpad show\(home.floating ? "" : ", floating disable")\(target), focus")
    }

    private func showLockWindow(_ app: AppID) {
        guard let path = configuration.lockWindowPath, access(path, X_OK) == 0 else {
            if !reportedMissingLockWindow {
                log("no lock window at \(configuration.lockWindowPath ?? "(unknown)"); locked apps stay hidden, "
                    + "unlock them with applockctl unlock")
                reportedMissingLockWindow = true
            }
            return
        }
        do {
            lockWindows[app] = try LockWindowProcess(executable: path, lockingToplevelOf: app)
        } catch {
            log("cannot start the lock window for \(app): \(error)")
        }
    }
}
