import AppLockCore
import Testing
@testable import AppLockGuardCore
import AppLockProtocol

/// The cover holding the lock window sits above every other cover of its app that overlaps it, so that a dialog's
/// cover (LibreOffice Writer's Tip of the Day, stacked above its own dialog) never hides a key of the lock window.
@Suite struct LockWindowStackingTests {
    let notes = try! AppID("org.example.Notes")
    let main = GuardWindowID(0x100)
    let dialog = GuardWindowID(0x200)
    let another = GuardWindowID(0x300)
    let mainFrame = GuardRect(x: 0, y: 0, width: 1000, height: 700)
    let tipOfTheDay = GuardRect(x: 250, y: 150, width: 500, height: 400)

    /// One row: the host window's frame, the app's other covered windows, the covers the lock window's must sit above.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let host: GuardRect?
        let others: [GuardWindowID: GuardRect?]
        let above: Set<GuardWindowID>
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let host = GuardRect(x: 0, y: 0, width: 1000, height: 700)
        let (a, b) = (GuardWindowID(0x200), GuardWindowID(0x300))
        return [
            Case(name: "no other window", host: host, others: [:], above: []),
            Case(name: "a dialog inside the window (Writer's Tip of the Day)", host: host,
                 others: [a: GuardRect(x: 250, y: 150, width: 500, height: 400)], above: [a]),
            Case(name: "a dialog over one edge", host: host,
                 others: [a: GuardRect(x: 900, y: 600, width: 400, height: 300)], above: [a]),
            Case(name: "a larger window over the whole of it", host: host,
                 others: [a: GuardRect(x: -10, y: -10, width: 1200, height: 900)], above: [a]),
            Case(name: "a window beside it, edges touching", host: host,
                 others: [a: GuardRect(x: 1000, y: 0, width: 300, height: 700)], above: []),
            Case(name: "a window below it on the screen", host: host,
                 others: [a: GuardRect(x: 0, y: 700, width: 1000, height: 100)], above: []),
            Case(name: "one dialog over it, one beside it", host: host,
                 others: [a: GuardRect(x: 100, y: 100, width: 200, height: 200),
                          b: GuardRect(x: 1100, y: 0, width: 200, height: 200)], above: [a]),
            Case(name: "a menu over it and a dialog over it", host: host,
                 others: [a: GuardRect(x: 10, y: 30, width: 200, height: 300),
                          b: GuardRect(x: 250, y: 150, width: 500, height: 400)], above: [a, b]),
            Case(name: "a window whose size is not known yet", host: host, others: [a: nil], above: [a]),
            Case(name: "a host whose size is not known yet", host: nil,
                 others: [a: GuardRect(x: 1100, y: 0, width: 200, height: 200)], above: [a]),
        ]
    }()

    @Test(arguments: cases)
    func theCoversTheLockWindowSitsAbove(_ row: Case) {
        #expect(LockWindowStacking.coversBelow(host: row.host, appCovers: row.others) == row.above)
    }

    /// Notes registered and unlocked, its main window active, a dialog over it (both shown, sizes known).
    func writerWithItsTipOfTheDay() -> (GuardCore, ManualClock) {
        var core = GuardCore()
        let clock = ManualClock()
        for input in [GuardInput.guardedAppsChanged([notes: .unfocused]), .agentPresence(true),
                      .windowResolved(main, app: notes), .windowGeometry(main, mainFrame), .windowShown(main),
                      .windowResolved(dialog, app: notes), .windowGeometry(dialog, tipOfTheDay), .windowShown(dialog),
                      .registrationAnswered(notes, registered: true), .appStateChanged(notes, .unlocked),
                      .activeWindowChanged(main)] {
            _ = core.handle(input, now: clock.now)
        }
        return (core, clock)
    }

    @Test func lockedWithADialogOverItTheLockWindowsCoverGoesAboveTheDialogsAfterBothAreUp() {
        var (core, clock) = writerWithItsTipOfTheDay()
        let locked = core.handle(.appStateChanged(notes, .locked), now: clock.now)
        let up = [GuardAction.cover(main, .locked, app: notes), .cover(dialog, .locked, app: notes),
                  .showLockWindow(notes, at: .cover(main))]
        #expect(Array(locked.prefix(3)) == up)
        let restack = GuardAction.restack(main, aboveCoversOf: [dialog])
        #expect(locked.firstIndex(of: restack).map { $0 > 2 } == true, "\(locked)")
        #expect(core.handle(.lockWindowMapped(notes), now: clock.now).allSatisfy { !isRestack($0) })
    }

    @Test func whenTheWindowManagerRestacksEveryCoverGoesBackAndTheLockWindowsLast() {
        var (core, clock) = writerWithItsTipOfTheDay()
        _ = core.handle(.appStateChanged(notes, .locked), now: clock.now)
        #expect(core.handle(.stackingChanged, now: clock.now)
            == [.restack(dialog), .restack(main, aboveCoversOf: [dialog])])
    }

    @Test func aDialogOpenedWhileLockedIsCoveredThenTheLockWindowsCoverGoesAboveItToo() {
        var (core, clock) = writerWithItsTipOfTheDay()
        _ = core.handle(.appStateChanged(notes, .locked), now: clock.now)
        _ = core.handle(.windowResolved(another, app: notes), now: clock.now)
        _ = core.handle(.windowGeometry(another, GuardRect(x: 600, y: 500, width: 300, height: 300)), now: clock.now)
        let shown = core.handle(.windowShown(another), now: clock.now)
        #expect(shown.first == .cover(another, .locked, app: notes))
        #expect(shown.last == .restack(main, aboveCoversOf: [dialog, another]), "\(shown)")
    }

    @Test func aDialogMovedOffTheLockWindowNeedsNoRestackAndOneMovedOntoItDoes() {
        var (core, clock) = writerWithItsTipOfTheDay()
        _ = core.handle(.appStateChanged(notes, .locked), now: clock.now)
        let away = GuardRect(x: 1100, y: 0, width: 500, height: 400)
        #expect(core.handle(.windowGeometry(dialog, away), now: clock.now).allSatisfy { !isRestack($0) })
        #expect(core.handle(.windowGeometry(dialog, tipOfTheDay), now: clock.now)
            == [.restack(main, aboveCoversOf: [dialog])])
    }

    @Test func anAppWithOneWindowKeepsEachCoverDirectlyAboveItsFrame() {
        var core = GuardCore()
        let clock = ManualClock()
        for input in [GuardInput.guardedAppsChanged([notes: .unfocused]), .agentPresence(true),
                      .windowResolved(main, app: notes), .windowGeometry(main, mainFrame), .windowShown(main),
                      .registrationAnswered(notes, registered: true), .activeWindowChanged(main)] {
            _ = core.handle(input, now: clock.now)
        }
        #expect(core.handle(.appStateChanged(notes, .locked), now: clock.now).allSatisfy { !isRestack($0) })
        #expect(core.handle(.stackingChanged, now: clock.now) == [.restack(main)])
    }

    private func isRestack(_ action: GuardAction) -> Bool {
        if case .desktop(.restack) = action { return true }
        return false
    }
}
