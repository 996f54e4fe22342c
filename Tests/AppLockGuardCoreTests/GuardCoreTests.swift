import AppLockCore
import Testing
@testable import AppLockGuardCore
import AppLockProtocol

/// The guard's decisions, driven by hand with a manual clock.
@Suite struct GuardCoreTests {
    let notes = try! AppID("org.example.Notes")
    let mail = try! AppID("org.example.Mail")
    let w1 = GuardWindowID(0x100)
    let w2 = GuardWindowID(0x200)
    let other = GuardWindowID(0x900)

    /// A core with the agent present and Notes guarded, background by `rule`.
    func started(_ rule: BackgroundRule = .unfocused) -> (GuardCore, ManualClock) {
        var core = GuardCore()
        let clock = ManualClock()
        _ = core.handle(.guardedAppsChanged([notes: rule]), now: clock.now)
        _ = core.handle(.agentPresence(true), now: clock.now)
        return (core, clock)
    }

    @Test func aNewWindowIsCoveredAsLockedBeforeTheAgentHasAnsweredThenRegistered() {
        var (core, clock) = started()
        #expect(core.handle(.windowResolved(w1, app: notes), now: clock.now) == [.prepareCover(w1), .register(notes)])
        let shown = core.handle(.windowShown(w1), now: clock.now)
        #expect(shown.first == .cover(w1, .locked, app: notes))
        #expect(!shown.contains(.register(notes)))
    }

    @Test func unlockedUncoversObscuredShowsTheObscuredCover() {
        var (core, clock) = started()
        _ = core.handle(.windowResolved(w1, app: notes), now: clock.now)
        _ = core.handle(.windowShown(w1), now: clock.now)
        #expect(core.handle(.registrationAnswered(notes, registered: true), now: clock.now).contains(
            .reportActivity(notes, .background)))
        #expect(core.handle(.appStateChanged(notes, .unlocked), now: clock.now).first == .uncover(w1))
        #expect(core.handle(.appStateChanged(notes, .obscured), now: clock.now).first == .cover(w1, .obscured, app: notes))
        #expect(core.covers == [w1: .obscured])
    }

    @Test func windowsOfUnguardedAppsAreLeftAlone() {
        var (core, clock) = started()
        #expect(core.handle(.windowResolved(other, app: nil), now: clock.now).isEmpty)
        #expect(core.handle(.windowResolved(w2, app: mail), now: clock.now).isEmpty)
        #expect(core.handle(.windowShown(w2), now: clock.now).isEmpty)
    }

    @Test func theActiveLockedWindowGetsTheGrabThenTheLockWindowWhichTakesItOver() {
        var (core, clock) = registeredAndShown(state: .unlocked)
        _ = core.handle(.activeWindowChanged(w1), now: clock.now)
        let locked = core.handle(.appStateChanged(notes, .locked), now: clock.now)
        #expect(locked.prefix(3) == [.cover(w1, .locked, app: notes), .showLockWindow(notes, at: .cover(w1)), .grabKeyboard])
        _ = core.handle(.keyboardGrabAnswered(true), now: clock.now)
        #expect(core.handle(.lockWindowMapped(notes), now: clock.now) == [.releaseKeyboard(focusLockWindowOf: notes)])
        let unlocked = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(unlocked == [.uncover(w1), .hideLockWindow(notes)])
    }

    @Test func theLockWindowStaysWhenTheFocusGoesToItAndGivesTheFocusBackWhenUnlocked() {
        var (core, clock) = lockWindowShownOverActiveNotes()
        #expect(!core.handle(.activeWindowChanged(nil), now: clock.now).contains(.hideLockWindow(notes)))
        #expect(core.lockWindowApp == notes)
        #expect(core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
            == [.uncover(w1), .hideLockWindow(notes), .activate(w1)])
    }

    @Test func theAppStaysInTheForegroundWhileItsLockWindowHoldsTheFocusAndWhenTheFocusComesBack() {
        var (core, clock) = lockWindowShownOverActiveNotes()
        let lockWindowFocused = core.handle(.activeWindowChanged(nil), now: clock.now)
        #expect(!lockWindowFocused.contains(.reportActivity(notes, .background)), "\(lockWindowFocused)")
        let unlocked = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(unlocked.contains(.activate(w1)))
        #expect(!unlocked.contains(.reportActivity(notes, .background)), "\(unlocked)")
        #expect(core.handle(.activeWindowChanged(w1), now: clock.now).isEmpty)
        #expect(core.handle(.activeWindowChanged(other), now: clock.now).contains(.reportActivity(notes, .background)))
    }

    /// GNOME's extension minimised a new window before it was ever on screen: it would have opened in front, so the
    /// user opened it and reached for the locked app, and its lock window comes, as for an activation.
    @Test func aWindowOpenedHiddenIsTheUserReachingForItsApp() {
        var (core, clock) = registeredAndShown(state: .locked)
        _ = core.handle(.activeWindowChanged(other), now: clock.now)
        #expect(core.lockWindowApp == nil)
        #expect(core.handle(.windowOpenedHidden(w1), now: clock.now).contains { if case .desktop(.showLockWindow(notes, _)) = $0 { true } else { false } })
        #expect(core.lockWindowApp == notes)
    }

    /// On a compositing X11 desktop covered windows are minimised with their covers: the lock window floats where its
    /// window is, from the start or once a compositing manager starts, and goes back into the cover when it stops.
    @Test func whileCoveredWindowsAreMinimisedTheLockWindowFloatsWhereItsWindowIs() {
        let frame = GuardRect(x: 80, y: 80, width: 486, height: 340)
        var (core, clock) = registeredAndShown(state: .unlocked)
        _ = core.handle(.windowGeometry(w1, frame), now: clock.now)
        _ = core.handle(.activeWindowChanged(w1), now: clock.now)
        _ = core.handle(.coveredWindowsMinimised(true), now: clock.now)
        #expect(core.handle(.appStateChanged(notes, .locked), now: clock.now).contains(.showLockWindow(notes, at: .floating(over: frame))))
        #expect(core.lockWindowStarting == notes)
        _ = core.handle(.lockWindowMapped(notes), now: clock.now)
        #expect(core.lockWindowStarting == nil)
        #expect(core.handle(.coveredWindowsMinimised(false), now: clock.now).prefix(2)
            == [.hideLockWindow(notes), .showLockWindow(notes, at: .cover(w1))])
        #expect(core.handle(.coveredWindowsMinimised(true), now: clock.now).prefix(2)
            == [.hideLockWindow(notes), .showLockWindow(notes, at: .floating(over: frame))])
    }

    @Test func activatingAnotherWindowEndsTheLockWindowAndFreesTheKeyboard() {
        var (core, clock) = registeredAndShown(state: .unlocked)
        _ = core.handle(.activeWindowChanged(w1), now: clock.now)
        _ = core.handle(.appStateChanged(notes, .locked), now: clock.now)
        _ = core.handle(.keyboardGrabAnswered(true), now: clock.now)
        let away = core.handle(.activeWindowChanged(other), now: clock.now)
        #expect(away.contains(.hideLockWindow(notes)))
        #expect(away.contains(.releaseKeyboard(focusLockWindowOf: nil)))
    }

    @Test func aFailedGrabIsRetriedOnTheClock() {
        var (core, clock) = started()
        _ = core.handle(.windowResolved(w1, app: notes), now: clock.now)
        #expect(core.handle(.windowShown(w1), now: clock.now).contains(.grabKeyboard))
        let failed = core.handle(.keyboardGrabAnswered(false), now: clock.now)
        #expect(failed.contains(.armTimer(clock.now + GuardCore.grabRetryInterval)))
        #expect(!core.handle(.timerFired, now: clock.now).contains(.grabKeyboard))
        clock.advance(by: GuardCore.grabRetryInterval)
        #expect(core.handle(.timerFired, now: clock.now).contains(.grabKeyboard))
    }

    @Test func focusOnAnotherAppReleasesTheKeyboardAndReportsBackground() {
        var (core, clock) = registeredAndShown(state: .obscured)
        #expect(core.handle(.activeWindowChanged(w1), now: clock.now) == [.reportActivity(notes, .foreground)])
        #expect(core.handle(.activeWindowChanged(other), now: clock.now)
            == [.releaseKeyboard(focusLockWindowOf: nil), .reportActivity(notes, .background)])
    }

    @Test func minimisedIsBackgroundAndUncoveredUntilShownAgain() {
        var (core, clock) = registeredAndShown(state: .unlocked)
        _ = core.handle(.activeWindowChanged(w1), now: clock.now)
        _ = core.handle(.appStateChanged(notes, .locked), now: clock.now)
        let hidden = core.handle(.windowHidden(w1), now: clock.now)
        #expect(hidden.contains(.uncover(w1)))
        #expect(hidden.contains(.reportActivity(notes, .background)))
        #expect(core.handle(.windowShown(w1), now: clock.now).first == .cover(w1, .locked, app: notes))
    }

    @Test func theAgentLeavingCoversEverythingAndItsReturnRegistersAgain() {
        var (core, clock) = registeredAndShown(state: .unlocked)
        #expect(core.handle(.agentPresence(false), now: clock.now).first == .cover(w1, .locked, app: notes))
        #expect(core.handle(.agentPresence(true), now: clock.now) == [.register(notes)])
        _ = core.handle(.registrationAnswered(notes, registered: true), now: clock.now)
        #expect(core.handle(.appStateChanged(notes, .unlocked), now: clock.now).first == .uncover(w1))
    }

    @Test func aSecondWindowOfACoveredAppIsCoveredWhenItShows() {
        var (core, clock) = registeredAndShown(state: .locked)
        #expect(core.handle(.windowResolved(w2, app: notes), now: clock.now) == [.prepareCover(w2)])
        #expect(core.handle(.windowShown(w2), now: clock.now).first == .cover(w2, .locked, app: notes))
        #expect(core.handle(.stackingChanged, now: clock.now) == [.restack(w1), .restack(w2)])
    }

    @Test func theLastWindowGoneUnregisters() {
        var (core, clock) = registeredAndShown(state: .locked)
        #expect(core.handle(.windowGone(w1), now: clock.now) == [
            .uncover(w1), .discardCover(w1), .releaseKeyboard(focusLockWindowOf: nil), .unregister(notes),
        ])
    }

    @Test func unguardingAnUnlockedAppUncoversAndUnregisters() {
        var (core, clock) = registeredAndShown(state: .obscured)
        #expect(core.handle(.guardedAppsChanged([:]), now: clock.now) == [
            .uncover(w1), .discardCover(w1), .releaseKeyboard(focusLockWindowOf: nil), .unregister(notes),
        ])
    }

    @Test func unguardingALockedAppKeepsItCoveredUntilItIsUnlocked() {
        var (core, clock) = registeredAndShown(state: .locked)
        #expect(core.handle(.guardedAppsChanged([:]), now: clock.now) == [])
        #expect(core.covers == [w1: .locked], "the change waits for the app's passcode")
        #expect(core.guardedApps == [notes])
        #expect(core.handle(.agentPresence(false), now: clock.now).isEmpty, "still covered while the agent is away")
        _ = core.handle(.agentPresence(true), now: clock.now)
        _ = core.handle(.registrationAnswered(notes, registered: true), now: clock.now)
        _ = core.handle(.appStateChanged(notes, .locked), now: clock.now)
        #expect(core.covers == [w1: .locked])
        let unlocked = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(unlocked.contains(.uncover(w1)) && unlocked.contains(.unregister(notes)), "\(unlocked)")
        #expect(core.guardedApps.isEmpty)
    }

    @Test func guardingALockedAppAgainBeforeItIsUnlockedKeepsItGuarded() {
        var (core, clock) = registeredAndShown(state: .locked)
        _ = core.handle(.guardedAppsChanged([:]), now: clock.now)
        _ = core.handle(.guardedAppsChanged([notes: .minimised]), now: clock.now)
        let unlocked = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(unlocked.first == .uncover(w1))
        #expect(!unlocked.contains(.unregister(notes)))
        #expect(core.guardedApps == [notes])
    }

    @Test func aLockWindowThatEndsWhileLockedIsStartedAgainAfterADelay() {
        var (core, clock) = registeredAndShown(state: .unlocked)
        _ = core.handle(.activeWindowChanged(w1), now: clock.now)
        _ = core.handle(.appStateChanged(notes, .locked), now: clock.now)
        #expect(core.lockWindowApp == notes)
        let exited = core.handle(.lockWindowExited(notes), now: clock.now)
        #expect(exited.contains(.armTimer(clock.now + GuardCore.lockWindowRestartDelay)))
        #expect(core.lockWindowApp == nil)
        clock.advance(by: GuardCore.lockWindowRestartDelay)
        #expect(core.handle(.timerFired, now: clock.now).contains(.showLockWindow(notes, at: .cover(w1))))
    }

    @Test func aCoverTakenDownByAnotherClientIsMadeAndShownAgainAtOnceWithTheKeyboard() {
        var (core, clock) = registeredAndShown(state: .locked)
        #expect(core.handle(.coverLost(w1), now: clock.now)
            == [.prepareCover(w1), .cover(w1, .locked, app: notes), .grabKeyboard])
        #expect(core.covers == [w1: .locked])
    }

    @Test func aLostCoverWithTheLockWindowInsideGetsANewLockWindowAtOnce() {
        var (core, clock) = lockWindowShownOverActiveNotes()
        #expect(core.handle(.coverLost(w1), now: clock.now) == [
            .prepareCover(w1), .cover(w1, .locked, app: notes), .hideLockWindow(notes), .showLockWindow(notes, at: .cover(w1)),
            .grabKeyboard,
        ])
        #expect(core.lockWindowApp == notes)
        #expect(core.handle(.keyboardGrabAnswered(true), now: clock.now).isEmpty)
        #expect(core.handle(.lockWindowMapped(notes), now: clock.now) == [.releaseKeyboard(focusLockWindowOf: notes)])
    }

    // MARK: Where the lock window goes

    @Test func reachingForASmallWindowPutsTheLockWindowInTheLargeOnesCoverAndKeepsItThere() {
        var (core, clock) = twoWindowsLocked()
        let locked = core.handle(.activeWindowChanged(w2), now: clock.now)
        #expect(locked.contains(.showLockWindow(notes, at: .cover(w1))), "\(locked)")
        let back = core.handle(.activeWindowChanged(w1), now: clock.now)
        #expect(!back.contains(.hideLockWindow(notes)), "the lock window is already where it goes: \(back)")
    }

    @Test func aCoverShrunkBelowTheCompactLayoutSendsTheLockWindowToFloatAndAMoveKeepsItThere() {
        var (core, clock) = twoWindowsLocked()
        _ = core.handle(.activeWindowChanged(w1), now: clock.now)
        #expect(core.handle(.windowGeometry(w1, smallRect), now: clock.now)
            == [.hideLockWindow(notes), .showLockWindow(notes, at: .floating(over: smallRect.union(smallRect2)))])
        var moved = smallRect
        moved.x += 40
        #expect(core.handle(.windowGeometry(w1, moved), now: clock.now)
            == [.showLockWindow(notes, at: .floating(over: moved.union(smallRect2)))], "moved, not started again")
        #expect(core.handle(.windowGeometry(w1, largeRect), now: clock.now)
            == [.hideLockWindow(notes), .showLockWindow(notes, at: .cover(w1))])
    }

    @Test func aFloatingLockWindowThatEndsIsStartedAgainAfterTheDelayWhereItNowGoes() {
        var (core, clock) = twoWindowsLocked()
        _ = core.handle(.windowGeometry(w1, smallRect), now: clock.now)
        _ = core.handle(.activeWindowChanged(w2), now: clock.now)
        #expect(core.lockWindowApp == notes)
        _ = core.handle(.lockWindowExited(notes), now: clock.now)
        _ = core.handle(.windowGeometry(w1, largeRect), now: clock.now)
        #expect(core.lockWindowApp == nil, "not before the restart delay")
        clock.advance(by: GuardCore.lockWindowRestartDelay)
        #expect(core.handle(.timerFired, now: clock.now).contains(.showLockWindow(notes, at: .cover(w1))))
    }

    @Test func aFloatingLockWindowMovesOverAWindowTheAppOpensMeanwhile() {
        var (core, clock) = registeredAndShown(state: .locked)
        _ = core.handle(.windowGeometry(w1, smallRect), now: clock.now)
        #expect(core.handle(.activeWindowChanged(w1), now: clock.now).contains(
            .showLockWindow(notes, at: .floating(over: smallRect))))
        for input in [GuardInput.windowGeometry(w2, smallRect2), .windowResolved(w2, app: notes)] {
            _ = core.handle(input, now: clock.now)
        }
        let shown = core.handle(.windowShown(w2), now: clock.now)
        #expect(shown.contains(.showLockWindow(notes, at: .floating(over: smallRect.union(smallRect2)))), "\(shown)")
        #expect(!shown.contains(.hideLockWindow(notes)))
    }

    let largeRect = GuardRect(x: 80, y: 80, width: 486, height: 340)
    let smallRect = GuardRect(x: 600, y: 420, width: 246, height: 156)
    let smallRect2 = GuardRect(x: 700, y: 100, width: 246, height: 156)

    /// Notes locked with a large window `w1` and a small one `w2`, both shown, neither active.
    // MARK: Lock windows started ahead

    @Test func aLockedAppOnScreenHasItsLockWindowReadyAheadExceptWhileItIsUpAndNotOnceUnlocked() {
        var (core, clock) = registeredAndShown(state: .locked)
        #expect(core.lockWindowApp == nil)
        #expect(core.lockWindowsAhead == [notes], "locked and on screen, not reached for yet")
        _ = core.handle(.activeWindowChanged(w1), now: clock.now)
        #expect(core.lockWindowApp == notes)
        #expect(core.lockWindowsAhead.isEmpty, "the one started ahead is the one shown")
        #expect(core.handle(.activeWindowChanged(other), now: clock.now).contains(.hideLockWindow(notes)))
        #expect(core.lockWindowsAhead == [notes], "ready again for the next reach")
        _ = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(core.lockWindowsAhead.isEmpty)
    }

    @Test func noLockWindowAheadForAnObscuredAppAHiddenWindowOrWithoutTheAgent() {
        var (core, clock) = registeredAndShown(state: .obscured)
        #expect(core.lockWindowsAhead.isEmpty)
        _ = core.handle(.appStateChanged(notes, .locked), now: clock.now)
        #expect(core.lockWindowsAhead == [notes])
        _ = core.handle(.windowHidden(w1), now: clock.now)
        #expect(core.lockWindowsAhead.isEmpty, "no window on screen to reach for")
        _ = core.handle(.windowShown(w1), now: clock.now)
        #expect(core.lockWindowsAhead == [notes])
        _ = core.handle(.agentPresence(false), now: clock.now)
        #expect(core.lockWindowsAhead.isEmpty)
    }

    @Test func aLockWindowStartedAheadThatEndsIsStartedAgainAfterTheDelay() {
        var (core, clock) = registeredAndShown(state: .locked)
        let exited = core.handle(.lockWindowExited(notes), now: clock.now)
        #expect(exited.contains(.armTimer(clock.now + GuardCore.lockWindowRestartDelay)))
        #expect(core.lockWindowsAhead.isEmpty)
        clock.advance(by: GuardCore.lockWindowRestartDelay)
        _ = core.handle(.timerFired, now: clock.now)
        #expect(core.lockWindowsAhead == [notes])
    }

    func twoWindowsLocked() -> (GuardCore, ManualClock) {
        var (core, clock) = registeredAndShown(state: .locked)
        for input in [GuardInput.windowGeometry(w1, largeRect), .windowGeometry(w2, smallRect2),
                      .windowResolved(w2, app: notes), .windowShown(w2)] {
            _ = core.handle(input, now: clock.now)
        }
        return (core, clock)
    }

    @Test func aRefusedRegistrationIsAskedAgainLaterAndTheAppStaysCovered() {
        var (core, clock) = started()
        _ = core.handle(.windowResolved(w1, app: notes), now: clock.now)
        _ = core.handle(.windowShown(w1), now: clock.now)
        let refused = core.handle(.registrationAnswered(notes, registered: false), now: clock.now)
        #expect(!refused.contains(.register(notes)))
        #expect(refused.contains(.armTimer(clock.now + GuardCore.registrationRetryDelay)))
        #expect(core.covers == [w1: .locked])
        clock.advance(by: GuardCore.registrationRetryDelay)
        #expect(core.handle(.timerFired, now: clock.now).contains(.register(notes)))
    }

    @Test func clickingACoverActivatesItsWindow() {
        var (core, clock) = registeredAndShown(state: .locked)
        #expect(core.handle(.coverClicked(w1), now: clock.now).last == .activate(w1))
        #expect(core.handle(.coverClicked(other), now: clock.now).isEmpty)
    }

    // MARK: What counts as hidden (BackgroundWhen)

    @Test func unfocusedAnAppThatStartsWithNoWindowActiveIsBackground() {
        var (core, clock) = started(.unfocused)
        _ = core.handle(.windowResolved(w1, app: notes), now: clock.now)
        _ = core.handle(.windowShown(w1), now: clock.now)
        #expect(core.handle(.registrationAnswered(notes, registered: true), now: clock.now).contains(
            .reportActivity(notes, .background)))
        #expect(core.handle(.activeWindowChanged(w1), now: clock.now).contains(.reportActivity(notes, .foreground)))
    }

    @Test func minimisedAnAppOnScreenIsForegroundFromItsRegistrationWithoutTheFocus() {
        var (core, clock) = started(.minimised)
        _ = core.handle(.windowResolved(w1, app: notes), now: clock.now)
        _ = core.handle(.windowShown(w1), now: clock.now)
        let registered = core.handle(.registrationAnswered(notes, registered: true), now: clock.now)
        #expect(registered.contains(.reportActivity(notes, .foreground)))
        #expect(!registered.contains(.reportActivity(notes, .background)))
    }

    @Test func minimisedFocusOnAnotherAppReportsNothing() {
        var (core, clock) = registeredAndShown(state: .unlocked, .minimised)
        #expect(!reportsActivity(core.handle(.activeWindowChanged(w1), now: clock.now)))
        #expect(!reportsActivity(core.handle(.activeWindowChanged(other), now: clock.now)))
        #expect(!reportsActivity(core.handle(.activeWindowChanged(nil), now: clock.now)))
    }

    @Test func minimisedBackgroundOnlyWhenEveryWindowIsOffScreenForegroundWhenOneComesBack() {
        var (core, clock) = registeredAndShown(state: .unlocked, .minimised)
        _ = core.handle(.windowResolved(w2, app: notes), now: clock.now)
        _ = core.handle(.windowShown(w2), now: clock.now)
        _ = core.handle(.activeWindowChanged(w1), now: clock.now)
        #expect(!reportsActivity(core.handle(.windowHidden(w1), now: clock.now)))
        #expect(core.handle(.windowHidden(w2), now: clock.now) == [.reportActivity(notes, .background)])
        #expect(core.handle(.windowShown(w2), now: clock.now) == [.reportActivity(notes, .foreground)])
        #expect(core.handle(.windowGone(w2), now: clock.now) == [.discardCover(w2), .reportActivity(notes, .background)])
    }

    @Test func minimisedCoveringAndUncoveringNeverChangesWhatIsReported() {
        var (core, clock) = registeredAndShown(state: .unlocked, .minimised)
        for state in [AppState.obscured, .locked, .unlocked, .locked] {
            let actions = core.handle(.appStateChanged(notes, state), now: clock.now)
            #expect(!reportsActivity(actions))
        }
        #expect(core.covers == [w1: .locked])
        #expect(!reportsActivity(core.handle(.activeWindowChanged(other), now: clock.now)))
    }

    @Test func minimisedAnObscuredAppWhoseWindowIsShownAgainIsCoveredBeforeItReportsForeground() {
        var (core, clock) = registeredAndShown(state: .unlocked, .minimised)
        #expect(core.handle(.windowHidden(w1), now: clock.now) == [.reportActivity(notes, .background)])
        _ = core.handle(.appStateChanged(notes, .obscured), now: clock.now)
        let shown = core.handle(.windowShown(w1), now: clock.now)
        #expect(shown.first == .cover(w1, .obscured, app: notes))
        #expect(shown.contains(.reportActivity(notes, .foreground)))
    }

    @Test func aReloadThatChangesTheRuleReportsAtOnce() {
        var (core, clock) = registeredAndShown(state: .unlocked, .minimised)
        _ = core.handle(.activeWindowChanged(other), now: clock.now)
        #expect(core.handle(.guardedAppsChanged([notes: .unfocused]), now: clock.now)
            == [.reportActivity(notes, .background)])
        #expect(core.handle(.guardedAppsChanged([notes: .minimised]), now: clock.now)
            == [.reportActivity(notes, .foreground)])
    }

    // MARK: Reaching for an obscured app

    @Test(arguments: [BackgroundRule.minimised, .unfocused])
    func anAppObscuredInFrontReachedForAgainReportsForegroundAgain(rule: BackgroundRule) {
        var (core, clock) = obscuredInFront(rule)
        _ = core.handle(.activeWindowChanged(other), now: clock.now)
        #expect(core.handle(.activeWindowChanged(w1), now: clock.now).contains(.reportActivity(notes, .foreground)))
        #expect(core.covers == [w1: .obscured], "uncovered only once the agent says unlocked")
        #expect(core.handle(.activeWindowChanged(w1), now: clock.now) == [.reportActivity(notes, .foreground)],
                "each reach reports again")
        #expect(core.handle(.appStateChanged(notes, .unlocked), now: clock.now).first == .uncover(w1))
        #expect(!reportsActivity(core.handle(.activeWindowChanged(w1), now: clock.now)), "an unlocked app is no reach")
    }

    @Test func anAppObscuredInFrontAloneReachedForReportsForegroundThoughTheActiveWindowStaysTheSame() {
        var (core, clock) = obscuredInFront(.minimised)
        #expect(core.handle(.activeWindowChanged(w1), now: clock.now) == [.reportActivity(notes, .foreground)])
    }

    @Test func clickingTheCoverOfTheObscuredAppInFrontReportsForegroundAndOfOneBehindActivatesIt() {
        var (core, clock) = obscuredInFront(.minimised)
        #expect(core.handle(.coverClicked(w1), now: clock.now) == [.reportActivity(notes, .foreground)])
        _ = core.handle(.activeWindowChanged(other), now: clock.now)
        #expect(core.handle(.coverClicked(w1), now: clock.now) == [.activate(w1)])
    }

    @Test func theCompositorsHandOffAfterTheObscuredAppIsHiddenReportsNothing() {
        var (core, clock) = obscuredInFront(.minimised)
        #expect(!reportsActivity(core.handle(.activeWindowChanged(nil), now: clock.now)))
        #expect(!reportsActivity(core.handle(.activeWindowChanged(other), now: clock.now)))
        #expect(core.covers == [w1: .obscured])
    }

    @Test func aLockedAppReachedForGetsItsLockWindowNeverAReportNorItsWindow() {
        var (core, clock) = registeredAndShown(state: .unlocked, .minimised)
        _ = core.handle(.activeWindowChanged(w1), now: clock.now)
        _ = core.handle(.appStateChanged(notes, .locked), now: clock.now)
        _ = core.handle(.activeWindowChanged(other), now: clock.now)
        let reached = core.handle(.activeWindowChanged(w1), now: clock.now)
        #expect(reached.contains(.showLockWindow(notes, at: .cover(w1))))
        #expect(!reportsActivity(reached))
        #expect(!reached.contains(.uncover(w1)))
        let clicked = core.handle(.coverClicked(w1), now: clock.now)
        #expect(!reportsActivity(clicked) && !clicked.contains(.uncover(w1)), "\(clicked)")
        #expect(core.covers == [w1: .locked])
    }

    // MARK: A window named after it maps

    /// GTK names a window (`_GTK_APPLICATION_ID`) after it is mapped: until then it is nobody's; once it is the
    /// locked app's it is covered at once, and being the active window, the lock window comes up over it.
    @Test func aFocusedWindowFoundToBeALockedAppsLaterIsCoveredAndGetsTheLockWindow() {
        var (core, clock) = registeredAndShown(state: .locked)
        let late = GuardWindowID(0x300)
        #expect(core.handle(.windowResolved(late, app: nil), now: clock.now).isEmpty)
        _ = core.handle(.windowShown(late), now: clock.now)
        _ = core.handle(.activeWindowChanged(late), now: clock.now)
        #expect(core.covers[late] == nil)
        let named = core.handle(.windowResolved(late, app: notes), now: clock.now)
        #expect(named.prefix(3) == [.prepareCover(late), .cover(late, .locked, app: notes), .showLockWindow(notes, at: .cover(late))])
        #expect(core.covers == [w1: .locked, late: .locked])
    }

    @Test func aFocusedWindowFoundToBeAnObscuredAppsLaterIsCoveredAndReportsForeground() {
        var (core, clock) = obscuredInFront(.minimised)
        let late = GuardWindowID(0x300)
        _ = core.handle(.windowResolved(late, app: nil), now: clock.now)
        _ = core.handle(.windowShown(late), now: clock.now)
        _ = core.handle(.activeWindowChanged(late), now: clock.now)
        let named = core.handle(.windowResolved(late, app: notes), now: clock.now)
        #expect(named.contains(.cover(late, .obscured, app: notes)))
        #expect(named.contains(.reportActivity(notes, .foreground)))
        #expect(!reportsActivity(core.handle(.windowResolved(late, app: notes), now: clock.now)), "the same answer again is no reach")
    }

    @Test func aWindowFoundToBeAnotherAppsIsNoLongerCovered() {
        var (core, clock) = registeredAndShown(state: .locked)
        #expect(core.handle(.windowResolved(w1, app: mail), now: clock.now).prefix(1) == [.uncover(w1)])
        #expect(core.covers.isEmpty)
    }

    /// Notes unlocked in front, background by `rule`, then obscured (`applockctl lock`, no passcode).
    func obscuredInFront(_ rule: BackgroundRule) -> (GuardCore, ManualClock) {
        var (core, clock) = registeredAndShown(state: .unlocked, rule)
        _ = core.handle(.activeWindowChanged(w1), now: clock.now)
        let obscured = core.handle(.appStateChanged(notes, .obscured), now: clock.now)
        #expect(obscured.first == .cover(w1, .obscured, app: notes))
        #expect(!reportsActivity(obscured))
        return (core, clock)
    }

    /// Whether `actions` tell the agent anything about the app's activity.
    func reportsActivity(_ actions: [GuardAction]) -> Bool {
        actions.contains { if case .agent(.reportActivity) = $0 { true } else { false } }
    }

    /// Notes active, then locked: its lock window is mapped over it and the keyboard held.
    func lockWindowShownOverActiveNotes() -> (GuardCore, ManualClock) {
        var (core, clock) = registeredAndShown(state: .unlocked)
        for input in [GuardInput.activeWindowChanged(w1), .appStateChanged(notes, .locked), .keyboardGrabAnswered(true),
                      .lockWindowMapped(notes)] {
            _ = core.handle(input, now: clock.now)
        }
        return (core, clock)
    }

    @Test func notificationsArePrivateWhileTheAppIsNotKnownToBeUnlocked() {
        let both: Set<AppID> = [notes, mail]
        var (core, clock) = started()
        #expect(core.appsWithPrivateNotifications(among: both) == [notes], "Mail is not guarded")
        #expect(core.appsWithPrivateNotifications(among: []) == [], "HideNotifications=false")
        _ = core.handle(.windowResolved(w1, app: notes), now: clock.now)
        _ = core.handle(.windowShown(w1), now: clock.now)
        #expect(core.appsWithPrivateNotifications(among: both) == [notes], "not registered yet: locked")
        _ = core.handle(.registrationAnswered(notes, registered: true), now: clock.now)
        _ = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        #expect(core.appsWithPrivateNotifications(among: both) == [])
        _ = core.handle(.appStateChanged(notes, .obscured), now: clock.now)
        #expect(core.appsWithPrivateNotifications(among: both) == [notes])
        _ = core.handle(.appStateChanged(notes, .unlocked), now: clock.now)
        _ = core.handle(.agentPresence(false), now: clock.now)
        #expect(core.appsWithPrivateNotifications(among: both) == [notes], "the agent away: locked")
    }

    /// Notes registered with one shown window `w1`, in `state`, background by `rule`.
    func registeredAndShown(state: AppState, _ rule: BackgroundRule = .unfocused) -> (GuardCore, ManualClock) {
        var (core, clock) = started(rule)
        for input in [GuardInput.windowResolved(w1, app: notes), .windowShown(w1),
                      .registrationAnswered(notes, registered: true), .appStateChanged(notes, state)] {
            if core.handle(input, now: clock.now).contains(.grabKeyboard) {
                _ = core.handle(.keyboardGrabAnswered(true), now: clock.now)
            }
        }
        return (core, clock)
    }
}

/// Choosing an app from the status item's menu.
@Suite struct AppChosenTests {
    let notes = try! AppID("org.example.Notes")
    let w1 = GuardWindowID(0x100)
    let w2 = GuardWindowID(0x200)

    @Test func choosingALockedAppActivatesItsCoveredWindowWhichBringsItsLockWindow() {
        var (core, clock) = GuardCoreTests().registeredAndShown(state: .locked)
        _ = core.handle(.windowResolved(w2, app: notes), now: clock.now)
        #expect(core.handle(.appChosen(notes), now: clock.now).first == .activate(w1))
        let reached = core.handle(.activeWindowChanged(w1), now: clock.now)
        #expect(reached.contains(.showLockWindow(notes, at: .cover(w1))))
        #expect(core.handle(.appChosen(notes), now: clock.now).allSatisfy { $0 != .activate(w1) })
    }

    @Test func choosingAnAppWithNoWindowOrAnUnguardedOneDoesNothing() throws {
        var (core, clock) = GuardCoreTests().started()
        #expect(core.handle(.appChosen(notes), now: clock.now).isEmpty)
        #expect(core.handle(.appChosen(try AppID("org.example.Mail")), now: clock.now).isEmpty)
    }
}
