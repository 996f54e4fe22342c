import AppLockCore
import Testing
@testable import AppLockGuardCore
import AppLockProtocol

/// Where the focus goes when a locked app is unlocked: what the backend reports while the lock window is up
/// (`beforeUnlock`), whether the unlock activates the app's window (`activatedAtUnlock`), what the backend reports
/// next (`afterUnlock`) and whether that activates it again (`activatedAgain`). The core decides it once; the backends
/// and the compositor scripts only carry out its `.activate`.
struct FocusGivenBackCase: Sendable, CustomTestStringConvertible {
    let desktop: String
    let situation: String
    let beforeUnlock: [HandOffStep]
    let activatedAtUnlock: Bool
    let afterUnlock: [HandOffStep]
    let activatedAgain: Bool

    var testDescription: String { "\(desktop): \(situation)" }

    /// The windows of ``HandOffCase``: the app's, in front when it locked, and two of no guarded app on screen.
    static let (app, first, second) = (HandOffCase.app, HandOffCase.first, HandOffCase.second)

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
            afterUnlock: [.closed(app), .lockWindowClosed], activatedAgain: false),
    ]
}

/// The one table of where the focus goes back after an unlock.
@Suite struct FocusGivenBackTests {
    let notes = NotesScene.notes

    /// The windows `actions` activate, in order.
    func activated(in actions: [GuardAction]) -> [GuardWindowID] {
        actions.compactMap { if case .desktop(.activate(let window)) = $0 { window } else { nil } }
    }

    @Test(arguments: FocusGivenBackCase.all)
    func theFocusGoesBackToTheUnlockedAppOnlyFromItsLockWindow(_ row: FocusGivenBackCase) {
        var (core, clock) = NotesScene.inFront(.locked)
        #expect(core.lockWindowApp == notes)
        let before = NotesScene.feed(row.beforeUnlock, to: &core, clock)
        let unlocked = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(unlocked.contains(.activate(FocusGivenBackCase.app)) == row.activatedAtUnlock,
                "after \(row.beforeUnlock) (\(before)), the unlock: \(unlocked)")
        #expect(activated(in: unlocked).allSatisfy { $0 == FocusGivenBackCase.app }, "\(unlocked)")
        let after = NotesScene.feed(row.afterUnlock, to: &core, clock)
        #expect(after.contains(.activate(FocusGivenBackCase.app)) == row.activatedAgain, "after \(row.afterUnlock): \(after)")
        if row.afterUnlock.contains(where: { if case .lockWindowClosed = $0 { true } else { false } }) {
            #expect(NotesScene.feed([.lockWindowClosed], to: &core, clock).isEmpty, "the focus is given back once more at most")
        }
    }

    /// Notes guarded with no passcode, its window in front, the two others on screen, obscured while in front: the
    /// compositor handed the focus on as the guard hid it (`handOff`).
    func obscuredInFront(handOff: [HandOffStep]) -> (GuardCore, ManualClock) {
        var (core, clock) = NotesScene.inFront(.obscured, .minimised)
        _ = NotesScene.feed(handOff, to: &core, clock)
        return (core, clock)
    }

    @Test func anAppObscuredInFrontGetsTheFocusBackWhenUncoveredWithNoWindowActive() {
        let app = FocusGivenBackCase.app
        var (core, clock) = obscuredInFront(handOff: [.hid(app, onScreen: []), .activated(nil)])
        let unlocked = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(unlocked.contains(.uncover(app)) && activated(in: unlocked) == [app], "\(unlocked)")
        #expect(core.handle(.activeWindowChanged(app), now: clock.now).isEmpty)
    }

    @Test func aWindowCoveredUntilTheAgentAnsweredGetsTheFocusItWasOpenedWith() {
        let app = FocusGivenBackCase.app
        var (core, clock) = NotesScene.core(after: NotesScene.shown(.minimised) + [
            .activeWindowChanged(app), .activeWindowHidden(app, onScreen: []), .activeWindowChanged(nil),
            .registrationAnswered(notes, registered: true),
        ])
        #expect(core.handle(.appStateChanged(notes, .unlocked), now: clock.now).contains(.activate(app)))
    }

    /// KWin minimised an X11 window before it activated it (the guard covered it at once): no window has the focus.
    @Test func aWindowCoveredBeforeItWasEverFocusedGetsTheFocusWhenNoWindowHasIt() {
        let app = FocusGivenBackCase.app
        var (core, clock) = NotesScene.core(after: NotesScene.shown(.minimised) + [.registrationAnswered(notes, registered: true)])
        let unlocked = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(unlocked.contains(.uncover(app)) && activated(in: unlocked) == [app], "\(unlocked)")
    }

    /// KWin's script carried out the answer that hid the app's active window after the unlock that uncovered it
    /// (the answers cross the script's reports): it comes back with the next answer, and keeps the focus.
    @Test func anActiveWindowHiddenByAnAnswerTakenBackKeepsTheFocus() {
        let app = FocusGivenBackCase.app
        var (core, clock) = NotesScene.core(after: NotesScene.shown(.minimised) + [
            .activeWindowChanged(app), .registrationAnswered(notes, registered: true),
        ])
        let unlocked = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(unlocked.contains(.uncover(app)) && activated(in: unlocked).isEmpty, "the app's window has the focus: \(unlocked)")
        #expect(core.handle(.activeWindowHidden(app, onScreen: []), now: clock.now).contains(.activate(app)))
        #expect(core.handle(.windowHidden(app), now: clock.now).allSatisfy { if case .desktop = $0 { false } else { true } })
    }

    /// KWin minimised the app's active X11 window as the guard covered it before the agent answered, and had no other
    /// window to give the focus to (it names none to scripts): the unlock gives it back.
    @Test func aWindowUncoveredWhileItsFocusIsBeingHandedOnGetsItBack() {
        let app = FocusGivenBackCase.app
        var (core, clock) = NotesScene.core(after: NotesScene.shown(.minimised) + [
            .activeWindowChanged(app), .activeWindowHidden(app, onScreen: []), .windowMinimised(app),
            .registrationAnswered(notes, registered: true),
        ])
        let unlocked = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(unlocked.contains(.uncover(app)) && activated(in: unlocked) == [app], "\(unlocked)")
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
        let unlocked = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(unlocked.contains(.uncover(app)) && activated(in: unlocked) == [app], "\(unlocked)")
    }

    @Test func anAppUncoveredWhileTheUserIsAtAnotherWindowGetsNoFocus() {
        let app = FocusGivenBackCase.app
        var (core, clock) = obscuredInFront(handOff: [.hid(app, onScreen: [FocusGivenBackCase.first]),
                                                      .activated(FocusGivenBackCase.first)])
        clock.advance(by: GuardCore.handOffLimit)
        _ = core.handle(.activeWindowChanged(FocusGivenBackCase.second), now: clock.now)
        let unlocked = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(unlocked.contains(.uncover(app)))
        #expect(activated(in: unlocked).isEmpty, "\(unlocked)")
    }

    @Test func aLockWindowClosedWithoutAnUnlockActivatesNothing() {
        var (core, clock) = NotesScene.inFront(.locked)
        _ = NotesScene.feed([.lockWindowFocused, .activated(FocusGivenBackCase.first)], to: &core, clock)
        #expect(core.lockWindowApp == nil)
        #expect(NotesScene.feed([.lockWindowClosed], to: &core, clock).isEmpty)
    }
}
