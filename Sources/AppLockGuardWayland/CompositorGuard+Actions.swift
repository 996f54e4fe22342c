import AppLockCore
public import AppLockGuard

extension CompositorGuard {
    public func execute(_ action: DesktopAction) {
        switch action {
        case .cover(let id, _, _):
            if hidden.insert(id.rawValue).inserted { publish() }
        case .uncover(let id), .discardCover(let id):
            if hidden.remove(id.rawValue) != nil { publish() }
            updateShown(id.rawValue)
        case .prepareCover, .restack, .activate:
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
