import AppLockCore
import AppLockGuard
import AppLockGuardX11
import Glibc

extension CompositorGuard {
    func execute(_ action: GuardAction) {
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
            guard let path = configuration.lockWindowPath, access(path, X_OK) == 0 else {
                if !reportedMissingLockWindow {
                    log("no lock window at \(configuration.lockWindowPath ?? "(unknown)"); unlock with applockctl unlock")
                    reportedMissingLockWindow = true
                }
                return
            }
            do {
                lockWindows[app] = try LockWindowProcess(executable: path, lockingToplevelOf: app)
                lockWindowApp = app
                publish()
            } catch {
                log("cannot start the lock window for \(app): \(error)")
            }
        case .hideLockWindow(let app):
            lockWindows[app] = nil
            if lockWindowApp == app {
                lockWindowApp = nil
                publish()
            }
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
}
