import AppLockCore
public import AppLockGuardCore

extension CompositorGuard {
    public func execute(_ action: DesktopAction) {
        switch action {
        case .cover(let id, _, _):
            if hidden.insert(id.rawValue).inserted { publish() }
        case .uncover(let id), .discardCover(let id):
            if hidden.remove(id.rawValue) != nil { publish() }
            updateShown(id.rawValue)
        case .activate(let id):
            // Carried out by the script with the next answer: a hidden window comes back as from the task bar (the
            // script minimises it again and the guard, told it was restored, brings up its lock window).
            guard let uuid = windows[id.rawValue]?.uuid else { return }
            activation = uuid
            publish()
        case .prepareCover, .restack:
            break
        case .grabKeyboard:
            // A minimised window has no keyboard; the script minimises it again if anything brings it back.
            feed(.keyboardGrabAnswered(true))
        case .releaseKeyboard:
            break
        case .showLockWindow(let app, _):
            guard driver.startLockWindow(for: app) != nil else { return }
            publish()
        case .hideLockWindow:
            publish()
        }
    }
}
