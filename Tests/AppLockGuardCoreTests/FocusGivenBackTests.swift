import AppLockCore
import Testing
@testable import AppLockGuardCore
import AppLockProtocol

/// One fact a backend reports, or a change of the app's state, as the rows of ``FocusGivenBackCase`` list them.
enum FocusStep: Sendable, CustomStringConvertible {
    /// The guard hid the active window; these were on screen.
    case hid(GuardWindowID, onScreen: Set<GuardWindowID>)
    /// The compositor named this window active (nil: none).
    case activated(GuardWindowID?)
    case lockWindowFocused
    case restored(GuardWindowID)
    /// The compositor reported the lock window's own toplevel removed.
    case lockWindowClosed
    case windowGone(GuardWindowID)
    case locked

    var description: String {
        switch self {
        case .hid(let window, let onScreen): "hid \(window.rawValue) with \(onScreen.map(\.rawValue).sorted()) on screen"
        case .activated(let window): "activated \(window.map { String($0.rawValue) } ?? "none")"
        case .lockWindowFocused: "focused the lock window"
        case .restored(let window): "restored \(window.rawValue)"
        case .lockWindowClosed: "removed the lock window's toplevel"
        case .windowGone(let window): "closed \(window.rawValue)"
        case .locked: "locked the app again"
        }
    }
}

/// Where the focus goes when a locked app is unlocked: what the backend reports while the lock window is up
/// (`beforeUnlock`), whether the unlock activates the app's window (`activatedAtUnlock`), what the backend reports
/// next (`afterUnlock`) and whether that activates it again (`activatedAgain`). The core decides it once; the backends
/// and the compositor scripts only carry out its `.activate`.
struct FocusGivenBackCase: Sendable, CustomTestStringConvertible {
    let desktop: String
    let situation: String
    let beforeUnlock: [FocusStep]
    let activatedAtUnlock: Bool
    let afterUnlock: [FocusStep]
    let activatedAgain: Bool

    var testDescription: String { "\(desktop): \(situation)" }

    /// The app's window, in front when it locked.
    static let app = GuardWindowID(0x100)
    /// Two windows of no guarded app, on screen.
    static let first = GuardWindowID(0x900)
    static let second = GuardWindowID(0x901)

    static let all: [FocusGivenBackCase] = [
        FocusGivenBackCase(
            desktop: "X11", situation: "the lock window inside the cover, the window manager still names the app's window active",
            beforeUnlock: [], activatedAtUnlock: false, afterUnlock: [], activatedAgain: false),
        FocusGivenBackCase(
            desktop: "X11", situation: "the window manager names no window active as the lock window takes the focus",
            beforeUnlock: [.activated(nil)], activatedAtUnlock: true, afterUnlock: [], activatedAgain: false),
        FocusGivenBackCase(
            desktop: "KWin", situation: "the lock window took the focus; KWin activates a window of its own choice as it goes",
            beforeUnlock: [.lockWindowFocused], activatedAtUnlock: true,
            afterUnlock: [.activated(first), .lockWindowClosed], activatedAgain: true),
        FocusGivenBackCase(
            desktop: "GNOME", situation: "the lock window took the focus; its toplevel is removed with the app's window in front",
            beforeUnlock: [.lockWindowFocused], activatedAtUnlock: true,
            afterUnlock: [.activated(app), .lockWindowClosed], activatedAgain: true),
        FocusGivenBackCase(
            desktop: "KWin", situation: "the user reached for the X11 app from the task bar: restored, minimised again, never activated",
            beforeUnlock: [.lockWindowFocused, .restored(app)], activatedAtUnlock: true,
            afterUnlock: [.lockWindowClosed], activatedAgain: true),
        FocusGivenBackCase(
            desktop: "sway", situation: "the lock window's container took the focus (sway reports no removal)",
            beforeUnlock: [.lockWindowFocused], activatedAtUnlock: true, afterUnlock: [], activatedAgain: false),
        FocusGivenBackCase(
            desktop: "KWin", situation: "the app locked in front: KWin handed the focus to another window, then to the lock window",
            beforeUnlock: [.hid(app, onScreen: [first, second]), .activated(first), .lockWindowFocused], activatedAtUnlock: true,
            afterUnlock: [.lockWindowClosed], activatedAgain: true),
        FocusGivenBackCase(
            desktop: "any", situation: "the lock window took the focus, then the user activated another window (the lock window went)",
            beforeUnlock: [.lockWindowFocused, .activated(first)], activatedAtUnlock: false,
            afterUnlock: [.lockWindowClosed], activatedAgain: false),
        FocusGivenBackCase(
            desktop: "KWin", situation: "the app locked again before its first lock window was reported removed",
            beforeUnlock: [.lockWindowFocused], activatedAtUnlock: true,
            afterUnlock: [.activated(app), .locked, .lockWindowClosed], activatedAgain: false),
        FocusGivenBackCase(
            desktop: "GNOME", situation: "the app's window closed before the lock window was reported removed",
            beforeUnlock: [.lockWindowFocused], activatedAtUnlock: true,
            afterUnlock: [.windowGone(app), .lockWindowClosed], activatedAgain: false),
    ]
}

/// The one table of where the focus goes back after an unlock.
@Suite struct FocusGivenBackTests {
    let notes = try! AppID("org.example.Notes")

    /// Notes guarded, its window in front, two others on screen, Notes locked with its lock window up.
    func scene() -> (GuardCore, ManualClock) {
        var core = GuardCore()
        let clock = ManualClock()
        var inputs: [GuardInput] = [
            .guardedAppsChanged([notes: .unfocused]), .agentPresence(true), .windowResolved(FocusGivenBackCase.app, app: notes),
            .windowShown(FocusGivenBackCase.app), .registrationAnswered(notes, registered: true), .appStateChanged(notes, .unlocked),
        ]
        for window in [FocusGivenBackCase.first, FocusGivenBackCase.second] {
            inputs += [.windowResolved(window, app: nil), .windowShown(window)]
        }
        inputs += [.activeWindowChanged(FocusGivenBackCase.app), .appStateChanged(notes, .locked)]
        for input in inputs {
            if core.handle(input, now: clock.now).contains(.grabKeyboard) {
                _ = core.handle(.keyboardGrabAnswered(true), now: clock.now)
            }
        }
        _ = core.handle(.lockWindowMapped(notes), now: clock.now)
        return (core, clock)
    }

    func feed(_ steps: [FocusStep], to core: inout GuardCore, _ clock: ManualClock) -> [GuardAction] {
        var actions: [GuardAction] = []
        for step in steps {
            let input: GuardInput
            switch step {
            case .hid(let window, let onScreen): input = .activeWindowHidden(window, onScreen: onScreen)
            case .activated(let window): input = .activeWindowChanged(window)
            case .lockWindowFocused: input = .lockWindowFocused(notes)
            case .restored(let window): input = .windowRestored(window)
            case .lockWindowClosed: input = .lockWindowClosed(notes)
            case .windowGone(let window): input = .windowGone(window)
            case .locked: input = .appStateChanged(notes, .locked)
            }
            let answered = core.handle(input, now: clock.now)
            if answered.contains(.grabKeyboard) { actions += core.handle(.keyboardGrabAnswered(true), now: clock.now) }
            actions += answered
        }
        return actions
    }

    @Test(arguments: FocusGivenBackCase.all)
    func theFocusGoesBackToTheUnlockedAppOnlyFromItsLockWindow(_ row: FocusGivenBackCase) {
        var (core, clock) = scene()
        #expect(core.lockWindowApp == notes)
        let before = feed(row.beforeUnlock, to: &core, clock)
        let unlocked = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(unlocked.contains(.activate(FocusGivenBackCase.app)) == row.activatedAtUnlock,
                "after \(row.beforeUnlock) (\(before)), the unlock: \(unlocked)")
        #expect(!unlocked.contains { if case .desktop(.activate(let other)) = $0 { other != FocusGivenBackCase.app } else { false } })
        let after = feed(row.afterUnlock, to: &core, clock)
        #expect(after.contains(.activate(FocusGivenBackCase.app)) == row.activatedAgain, "after \(row.afterUnlock): \(after)")
        if row.afterUnlock.contains(where: { if case .lockWindowClosed = $0 { true } else { false } }) {
            #expect(feed([.lockWindowClosed], to: &core, clock).isEmpty, "the focus is given back once more at most")
        }
    }

    /// Notes guarded with no passcode, its window in front, the two others on screen, obscured while in front: the
    /// compositor handed the focus on as the guard hid it (`handOff`).
    func obscuredInFront(handOff: [FocusStep]) -> (GuardCore, ManualClock) {
        var core = GuardCore()
        let clock = ManualClock()
        var inputs: [GuardInput] = [
            .guardedAppsChanged([notes: .minimised]), .agentPresence(true), .windowResolved(FocusGivenBackCase.app, app: notes),
            .windowShown(FocusGivenBackCase.app), .registrationAnswered(notes, registered: true), .appStateChanged(notes, .unlocked),
        ]
        for window in [FocusGivenBackCase.first, FocusGivenBackCase.second] {
            inputs += [.windowResolved(window, app: nil), .windowShown(window)]
        }
        inputs += [.activeWindowChanged(FocusGivenBackCase.app), .appStateChanged(notes, .obscured)]
        for input in inputs { _ = core.handle(input, now: clock.now) }
        _ = feed(handOff, to: &core, clock)
        return (core, clock)
    }

    @Test func anAppObscuredInFrontGetsTheFocusBackWhenUncoveredWithNoWindowActive() {
        let app = FocusGivenBackCase.app
        var (core, clock) = obscuredInFront(handOff: [.hid(app, onScreen: []), .activated(nil)])
        #expect(core.handle(.appStateChanged(notes, .unlocked), now: clock.now) == [.uncover(app), .activate(app)])
        #expect(core.handle(.activeWindowChanged(app), now: clock.now).isEmpty)
    }

    @Test func aWindowCoveredUntilTheAgentAnsweredGetsTheFocusItWasOpenedWith() {
        var core = GuardCore()
        let clock = ManualClock()
        let app = FocusGivenBackCase.app
        for input in [GuardInput.guardedAppsChanged([notes: .minimised]), .agentPresence(true), .windowResolved(app, app: notes),
                      .windowShown(app), .activeWindowChanged(app), .activeWindowHidden(app, onScreen: []),
                      .activeWindowChanged(nil), .registrationAnswered(notes, registered: true)] {
            _ = core.handle(input, now: clock.now)
        }
        #expect(core.handle(.appStateChanged(notes, .unlocked), now: clock.now).contains(.activate(app)))
    }

    /// KWin minimised an X11 window before it activated it (the guard covered it at once): no window has the focus.
    @Test func aWindowCoveredBeforeItWasEverFocusedGetsTheFocusWhenNoWindowHasIt() {
        var core = GuardCore()
        let clock = ManualClock()
        let app = FocusGivenBackCase.app
        for input in [GuardInput.guardedAppsChanged([notes: .minimised]), .agentPresence(true), .windowResolved(app, app: notes),
                      .windowShown(app), .registrationAnswered(notes, registered: true)] {
            _ = core.handle(input, now: clock.now)
        }
        #expect(core.handle(.appStateChanged(notes, .unlocked), now: clock.now) == [.uncover(app), .activate(app)])
    }

    /// KWin's script carried out the answer that hid the app's active window after the unlock that uncovered it
    /// (the answers cross the script's reports): it comes back with the next answer, and keeps the focus.
    @Test func anActiveWindowHiddenByAnAnswerTakenBackKeepsTheFocus() {
        var core = GuardCore()
        let clock = ManualClock()
        let app = FocusGivenBackCase.app
        for input in [GuardInput.guardedAppsChanged([notes: .minimised]), .agentPresence(true), .windowResolved(app, app: notes),
                      .windowShown(app), .activeWindowChanged(app), .registrationAnswered(notes, registered: true)] {
            _ = core.handle(input, now: clock.now)
        }
        #expect(core.handle(.appStateChanged(notes, .unlocked), now: clock.now) == [.uncover(app)], "the app's window has the focus")
        #expect(core.handle(.activeWindowHidden(app, onScreen: []), now: clock.now).contains(.activate(app)))
        #expect(core.handle(.windowHidden(app), now: clock.now).allSatisfy { if case .desktop = $0 { false } else { true } })
    }

    /// KWin minimised the app's active X11 window as the guard covered it before the agent answered, and had no other
    /// window to give the focus to (it names none to scripts): the unlock gives it back.
    @Test func aWindowUncoveredWhileItsFocusIsBeingHandedOnGetsItBack() {
        var core = GuardCore()
        let clock = ManualClock()
        let app = FocusGivenBackCase.app
        for input in [GuardInput.guardedAppsChanged([notes: .minimised]), .agentPresence(true), .windowResolved(app, app: notes),
                      .windowShown(app), .activeWindowChanged(app), .activeWindowHidden(app, onScreen: []),
                      .windowMinimised(app), .registrationAnswered(notes, registered: true)] {
            _ = core.handle(input, now: clock.now)
        }
        #expect(core.handle(.appStateChanged(notes, .unlocked), now: clock.now) == [.uncover(app), .activate(app)])
    }

    /// The user reached for the obscured app from KWin's task bar while at another window: KWin restored its X11
    /// window and the script minimised it again before KWin focused it; its unobscuring gives it the focus.
    @Test func aWindowReachedForButNeverFocusedGetsTheFocusWhenItsReachUncoversIt() {
        let app = FocusGivenBackCase.app
        var (core, clock) = obscuredInFront(handOff: [.hid(app, onScreen: [FocusGivenBackCase.first]),
                                                      .activated(FocusGivenBackCase.first)])
        clock.advance(by: GuardCore.handOffLimit)
        _ = core.handle(.activeWindowChanged(FocusGivenBackCase.first), now: clock.now)
        _ = core.handle(.windowRestored(app), now: clock.now)
        #expect(core.handle(.appStateChanged(notes, .unlocked), now: clock.now) == [.uncover(app), .activate(app)])
    }

    @Test func anAppUncoveredWhileTheUserIsAtAnotherWindowGetsNoFocus() {
        let app = FocusGivenBackCase.app
        var (core, clock) = obscuredInFront(handOff: [.hid(app, onScreen: [FocusGivenBackCase.first]),
                                                      .activated(FocusGivenBackCase.first)])
        clock.advance(by: GuardCore.handOffLimit)
        _ = core.handle(.activeWindowChanged(FocusGivenBackCase.second), now: clock.now)
        let unlocked = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(unlocked.contains(.uncover(app)))
        #expect(!unlocked.contains { if case .desktop(.activate) = $0 { true } else { false } }, "\(unlocked)")
    }

    @Test func aLockWindowClosedWithoutAnUnlockActivatesNothing() {
        var (core, clock) = scene()
        _ = feed([.lockWindowFocused, .activated(FocusGivenBackCase.first)], to: &core, clock)
        #expect(core.lockWindowApp == nil)
        #expect(feed([.lockWindowClosed], to: &core, clock).isEmpty)
    }
}
