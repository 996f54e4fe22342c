import AppLockCore
public import AppLockGuardCore
import AppLockProtocol

extension SwayGuard {
    public func execute(_ action: DesktopAction) {
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
            lockWindowContainers = lockWindowContainers.filter { $0.value != app }
        case .activate(let id):
            sway("[con_id=\(id.rawValue)] focus")
        }
    }

    /// The hot path: one IPC command moves the window off every workspace.
    private func hide(_ id: Int) {
        guard let window = windows[id], window.home == nil else { return }
        windows[id]?.home = (window.workspace, window.floating)
        guard window.workspace != Self.scratchpad else { return }
        moveToScratchpad(id)
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
        driver.startLockWindow(for: app)
    }
}
