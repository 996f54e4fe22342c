import AppLockCore
import Testing
@testable import AppLockGuardCore
import AppLockProtocol

/// One fact a desktop backend reports (or the agent's lock), as the rows of ``HandOffCase`` and ``FocusGivenBackCase``
/// list them.
enum HandOffStep: Sendable, CustomStringConvertible {
    /// The guard hid the active window; these were on screen.
    case hid(GuardWindowID, onScreen: Set<GuardWindowID>)
    /// The compositor named this window active (nil: none).
    case activated(GuardWindowID?)
    case minimised(GuardWindowID)
    case restored(GuardWindowID)
    case workspaceSwitched
    case lockWindowFocused
    /// A window of no guarded app opened (it was not on screen when the guard hid the active one).
    case opened(GuardWindowID)
    case wait(Duration)
    /// The compositor reported the lock window's own toplevel removed.
    case lockWindowClosed
    case closed(GuardWindowID)
    /// The agent locked the app (again).
    case locked

    var description: String {
        switch self {
        case .hid(let window, let onScreen): "hid \(window.rawValue) with \(onScreen.map(\.rawValue).sorted()) on screen"
        case .activated(let window): "activated \(window.map { String($0.rawValue) } ?? "none")"
        case .minimised(let window): "minimised \(window.rawValue)"
        case .restored(let window): "restored \(window.rawValue)"
        case .workspaceSwitched: "switched workspace"
        case .lockWindowFocused: "focused the lock window"
        case .opened(let window): "opened \(window.rawValue)"
        case .wait(let duration): "waited \(duration)"
        case .lockWindowClosed: "removed the lock window's toplevel"
        case .closed(let window): "closed \(window.rawValue)"
        case .locked: "locked the app"
        }
    }
}

/// One desktop's known quirk in handing the focus on after the guard hid the active window (a locked app's, in front,
/// its lock window up): what the backend reports (`handOff`, after which the lock window must still be up: the user
/// chose nothing), then what the user does (`user`), after which the lock window is up or gone (`thenLockWindowUp`).
struct HandOffCase: Sendable, CustomTestStringConvertible {
    let desktop: String
    let quirk: String
    let handOff: [HandOffStep]
    let user: [HandOffStep]
    let thenLockWindowUp: Bool

    var testDescription: String { "\(desktop): \(quirk)" }

    /// The app's window, in front when it locks.
    static let app = GuardWindowID(0x100)
    /// Two windows of no guarded app, on screen.
    static let first = GuardWindowID(0x900)
    static let second = GuardWindowID(0x901)
    /// A window opened later.
    static let new = GuardWindowID(0x902)
    static let both: Set<GuardWindowID> = [first, second]

    static let all: [HandOffCase] = [
        HandOffCase(
            desktop: "X11 openbox", quirk: "names none, then unmaps the frame when its animation ends",
            handOff: [.hid(app, onScreen: both), .activated(nil), .minimised(app)],
            user: [.activated(first)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "X11 openbox", quirk: "names none, then another window before it unmaps the frame",
            handOff: [.hid(app, onScreen: both), .activated(nil), .activated(second), .minimised(app)],
            user: [.activated(first)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "X11 xfwm4", quirk: "unmaps the frame first, then names another window",
            handOff: [.hid(app, onScreen: both), .minimised(app), .activated(second)],
            user: [.activated(first)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "X11 xfwm4", quirk: "unmaps the frame first, then names none",
            handOff: [.hid(app, onScreen: both), .minimised(app), .activated(nil)],
            user: [.activated(second)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "X11 compositing", quirk: "reached for from a task bar and minimised again: the next hand-off is the window manager's too",
            handOff: [.hid(app, onScreen: both), .minimised(app), .activated(second), .restored(app), .activated(app),
                      .hid(app, onScreen: both), .minimised(app), .activated(first)],
            user: [.activated(second)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "X11 xfwm4", quirk: "names its choice late, after the frame is gone, while the lock window holds the focus",
            handOff: [.hid(app, onScreen: both), .minimised(app), .wait(.milliseconds(1500)), .activated(second)],
            user: [.activated(first)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "X11 xfwm4", quirk: "names nothing for longer than the limit: the user's next activation counts, not swallowed as its choice",
            handOff: [.hid(app, onScreen: both), .minimised(app), .wait(GuardCore.handOffLimit)],
            user: [.activated(second)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "X11", quirk: "a window that was not on screen is the user's choice even while the hand-off is awaited",
            handOff: [.hid(app, onScreen: [first])],
            user: [.opened(new), .activated(new)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "sway", quirk: "focuses another window of the workspace as the window goes to the scratchpad",
            handOff: [.hid(app, onScreen: [first]), .minimised(app), .activated(first)],
            user: [.workspaceSwitched, .activated(second)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "sway", quirk: "the lock window takes the focus before sway names another window: the wait ends",
            handOff: [.hid(app, onScreen: [first]), .minimised(app), .lockWindowFocused],
            user: [.activated(first)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "sway", quirk: "an empty workspace focuses nothing; the user switches workspace and picks a window",
            handOff: [.hid(app, onScreen: [second]), .minimised(app)],
            user: [.workspaceSwitched, .activated(second)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "sway", quirk: "the user's scratchpad show: reached for, hidden again, sway focuses another window",
            handOff: [.hid(app, onScreen: [first]), .minimised(app), .activated(first), .restored(app),
                      .hid(app, onScreen: [first]), .minimised(app), .activated(first)],
            user: [.workspaceSwitched, .activated(second)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "wlroots labwc", quirk: "activates its topmost window before it reports the toplevel minimised",
            handOff: [.hid(app, onScreen: both), .activated(second), .minimised(app)],
            user: [.activated(first)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "wlroots", quirk: "a compositor that activates nothing: the user's activation after the limit counts",
            handOff: [.hid(app, onScreen: both), .minimised(app), .wait(GuardCore.handOffLimit)],
            user: [.activated(first)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "wlroots labwc", quirk: "the user leaves, then restores the hidden toplevel from a task bar: the lock window comes back",
            handOff: [.hid(app, onScreen: both), .activated(second), .minimised(app)],
            user: [.activated(first), .restored(app)], thenLockWindowUp: true),
        HandOffCase(
            desktop: "KWin Wayland", quirk: "hands the focus at once to a window that was on screen",
            handOff: [.hid(app, onScreen: both), .activated(first), .minimised(app)],
            user: [.activated(second)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "KWin Xwayland", quirk: "hands the focus once Xwayland confirms it, after the window is minimised",
            handOff: [.hid(app, onScreen: both), .minimised(app), .activated(first)],
            user: [.activated(second)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "KWin", quirk: "no window to hand the focus to: the user's next activation (a window restored) counts",
            handOff: [.hid(app, onScreen: []), .minimised(app)],
            user: [.restored(first), .activated(first)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "KWin", quirk: "a switch of desktop ends the wait",
            handOff: [.hid(app, onScreen: both), .minimised(app), .workspaceSwitched],
            user: [.activated(first)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "KWin", quirk: "the lock window's activation is not KWin's choice, and ends the wait",
            handOff: [.hid(app, onScreen: both), .lockWindowFocused],
            user: [.activated(first)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "GNOME", quirk: "the Shell's first focus move after the minimise is to a window that was on screen",
            handOff: [.hid(app, onScreen: both), .activated(first), .minimised(app)],
            user: [.activated(second)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "GNOME", quirk: "the Shell's first focus move is to none",
            handOff: [.hid(app, onScreen: both), .activated(nil), .minimised(app)],
            user: [.activated(first)], thenLockWindowUp: false),
        HandOffCase(
            desktop: "GNOME", quirk: "the lock window taking the focus ends the wait",
            handOff: [.hid(app, onScreen: both), .minimised(app), .lockWindowFocused],
            user: [.activated(second)], thenLockWindowUp: false),
    ]
}

/// The one table of the compositors' focus hand-offs: every desktop's quirks as rows, fed to the core as its backend
/// reports them, under the manual clock.
@Suite struct HandOffCaseTests {
    let notes = NotesScene.notes

    @Test(arguments: HandOffCase.all)
    func theCompositorsHandOffIsNotTheUserLeavingTheLockedApp(_ row: HandOffCase) {
        var (core, clock) = NotesScene.inFront(.locked)
        #expect(core.lockWindowApp == notes)
        let handedOff = NotesScene.feed(row.handOff, to: &core, clock)
        #expect(core.lockWindowApp == notes, "after \(row.handOff): \(handedOff)")
        #expect(!handedOff.contains(.hideLockWindow(notes)), "after \(row.handOff): \(handedOff)")
        let user = NotesScene.feed(row.user, to: &core, clock)
        #expect((core.lockWindowApp == notes) == row.thenLockWindowUp, "after \(row.user): \(user)")
    }

    /// The rows with no lock window in them: an obscured app has none.
    static let withoutLockWindow = HandOffCase.all.filter { row in
        !row.handOff.contains { if case .lockWindowFocused = $0 { true } else { false } }
    }

    @Test(arguments: withoutLockWindow)
    func anObscuredAppHiddenInFrontStaysInTheForegroundUntilTheUserLeavesIt(_ row: HandOffCase) {
        var (core, clock) = NotesScene.inFront(.obscured)
        let handedOff = NotesScene.feed(row.handOff, to: &core, clock)
        #expect(!handedOff.contains(.reportActivity(notes, .background)), "after \(row.handOff): \(handedOff)")
        let user = NotesScene.feed(row.user, to: &core, clock)
        let reachedAgain = row.user.contains { if case .restored(HandOffCase.app) = $0 { true } else { false } }
        #expect(user.contains(.reportActivity(notes, reachedAgain ? .foreground : .background)), "after \(row.user): \(user)")
    }

    @Test func whenTheLockedAppIsUnlockedAfterAHandOffItsWindowGetsTheFocusBack() {
        var (core, clock) = NotesScene.inFront(.locked)
        _ = NotesScene.feed([.hid(HandOffCase.app, onScreen: HandOffCase.both), .minimised(HandOffCase.app),
                  .activated(HandOffCase.first)], to: &core, clock)
        #expect(core.handle(.appStateChanged(notes, .unlocked), now: clock.now).contains(.activate(HandOffCase.app)))
    }

    @Test func aHandOffThatComesAfterTheLimitIsTheUsersChoice() {
        var (core, clock) = NotesScene.inFront(.locked)
        _ = NotesScene.feed([.hid(HandOffCase.app, onScreen: HandOffCase.both)], to: &core, clock)
        clock.advance(by: GuardCore.handOffLimit)
        #expect(core.handle(.activeWindowChanged(HandOffCase.first), now: clock.now).contains(.hideLockWindow(notes)))
    }
}
