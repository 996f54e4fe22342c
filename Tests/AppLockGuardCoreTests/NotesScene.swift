import AppLockCore
@testable import AppLockGuardCore
import AppLockProtocol

/// The scenes the focus tables (``HandOffCase``, ``FocusGivenBackCase``) start from, fed to a fresh core under a
/// manual clock: Notes guarded, its window ``HandOffCase/app``, the two windows of no guarded app ``HandOffCase/both``.
enum NotesScene {
    static let notes = try! AppID("org.example.Notes")

    /// A fresh core fed `inputs` in order, each keyboard grab it asks for answered at once.
    static func core(after inputs: [GuardInput]) -> (GuardCore, ManualClock) {
        var core = GuardCore()
        let clock = ManualClock()
        for input in inputs where core.handle(input, now: clock.now).contains(.grabKeyboard) {
            _ = core.handle(.keyboardGrabAnswered(true), now: clock.now)
        }
        return (core, clock)
    }

    /// Notes guarded (`rule`), the agent there, Notes's window resolved and shown; nothing registered yet.
    static func shown(_ rule: BackgroundRule) -> [GuardInput] {
        [.guardedAppsChanged([notes: rule]), .agentPresence(true), .windowResolved(HandOffCase.app, app: notes),
         .windowShown(HandOffCase.app)]
    }

    /// Notes guarded (`rule`), its window in front, the two others on screen, and Notes in `state`; for `locked`,
    /// its lock window up with the focus.
    static func inFront(_ state: AppState, _ rule: BackgroundRule = .unfocused) -> (GuardCore, ManualClock) {
        var inputs = shown(rule) + [.registrationAnswered(notes, registered: true), .appStateChanged(notes, .unlocked)]
        for window in HandOffCase.both.sorted() { inputs += [.windowResolved(window, app: nil), .windowShown(window)] }
        inputs += [.activeWindowChanged(HandOffCase.app), .appStateChanged(notes, state)]
        if state == .locked { inputs.append(.lockWindowMapped(notes)) }
        return core(after: inputs)
    }

    /// Feeds `steps` to `core` as a backend (or the agent, for `locked`) reports them; returns every action.
    static func feed(_ steps: [HandOffStep], to core: inout GuardCore, _ clock: ManualClock) -> [GuardAction] {
        var actions: [GuardAction] = []
        for step in steps {
            let input: GuardInput
            switch step {
            case .hid(let window, let onScreen): input = .activeWindowHidden(window, onScreen: onScreen)
            case .activated(let window): input = .activeWindowChanged(window)
            case .minimised(let window): input = .windowMinimised(window)
            case .restored(let window): input = .windowRestored(window)
            case .workspaceSwitched: input = .workspaceSwitched
            case .lockWindowFocused: input = .lockWindowFocused(notes)
            case .opened(let window):
                actions += core.handle(.windowResolved(window, app: nil), now: clock.now)
                input = .windowShown(window)
            case .wait(let duration):
                clock.advance(by: duration)
                input = .timerFired
            case .lockWindowClosed: input = .lockWindowClosed(notes)
            case .closed(let window): input = .windowGone(window)
            case .locked: input = .appStateChanged(notes, .locked)
            }
            actions += core.handle(input, now: clock.now)
        }
        return actions
    }
}
