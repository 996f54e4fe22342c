import Testing
@testable import AppLockGuardCore

/// Where the lock window goes: never into a cover too small to show every key.
@Suite struct LockWindowPlacementTests {
    let large = GuardWindowID(0x100)
    let small = GuardWindowID(0x200)
    let medium = GuardWindowID(0x300)
    /// An 80×24 xterm's frame, a 40×10 one's, and one just large enough for the compact layout.
    let largeRect = GuardRect(x: 80, y: 80, width: 486, height: 340)
    let smallRect = GuardRect(x: 600, y: 420, width: 246, height: 156)
    let mediumRect = GuardRect(x: 0, y: 0, width: LockWindowSize.compact.width, height: LockWindowSize.compact.height)

    @Test func theWindowReachedForWhenItsCoverHoldsTheCompactLayout() {
        #expect(LockWindowPlacement.place(reachedFor: medium, appWindows: [large: largeRect, medium: mediumRect])
            == .cover(medium))
    }

    @Test func aSmallWindowReachedForSendsItToTheLargestThatHoldsIt() {
        #expect(LockWindowPlacement.place(reachedFor: small, appWindows: [large: largeRect, small: smallRect])
            == .cover(large))
        #expect(LockWindowPlacement.place(
            reachedFor: small, appWindows: [large: largeRect, small: smallRect, medium: mediumRect]) == .cover(large))
    }

    @Test func oneNarrowerThanTheCompactLayoutDoesNotHoldIt() {
        let tallNarrow = GuardRect(x: 0, y: 0, width: LockWindowSize.compact.width - 1, height: 900)
        #expect(LockWindowPlacement.place(reachedFor: small, appWindows: [small: tallNarrow, medium: mediumRect])
            == .cover(medium))
    }

    @Test func noCoverHoldsItFloatsOverAllTheAppsWindows() {
        let other = GuardRect(x: 100, y: 50, width: 200, height: 100)
        #expect(LockWindowPlacement.place(reachedFor: small, appWindows: [small: smallRect, large: other])
            == .floating(over: GuardRect(x: 100, y: 50, width: 746, height: 526)))
    }

    /// Covered windows minimised with their covers (a compositing X11 desktop): it floats over the window whose cover
    /// would have held it, and as before when none would.
    @Test func withNoCoverToHoldItItFloatsOverTheWindowItWouldHaveFilled() {
        #expect(LockWindowPlacement.place(reachedFor: small, appWindows: [large: largeRect, small: smallRect], inCover: false)
            == .floating(over: largeRect))
        #expect(LockWindowPlacement.place(reachedFor: small, appWindows: [small: smallRect], inCover: false)
            == .floating(over: smallRect))
    }

    @Test func aWindowOfUnknownSizeHoldsIt() {
        #expect(LockWindowPlacement.place(reachedFor: small, appWindows: [small: GuardRect?.none]) == .cover(small))
    }

    @Test func theFloatingWindowIsCentredOverTheAreaAtTheFullSizeAndKeptOnTheScreen() {
        let screen = GuardRect(x: 0, y: 0, width: 1280, height: 800)
        let full = LockWindowSize.full
        #expect(LockWindowPlacement.floatingFrame(over: GuardRect(x: 400, y: 300, width: 200, height: 200), screen: screen)
            == GuardRect(x: 500 - full.width / 2, y: 100, width: full.width, height: full.height))
        #expect(LockWindowPlacement.floatingFrame(over: GuardRect(x: 1200, y: 700, width: 60, height: 60), screen: screen)
            == GuardRect(x: 1280 - full.width, y: 200, width: full.width, height: full.height))
    }

    @Test func aScreenTooSmallForTheFullLayoutGetsTheCompactOne() {
        let screen = GuardRect(x: 0, y: 0, width: 1024, height: 500)
        let frame = LockWindowPlacement.floatingFrame(over: GuardRect(x: 0, y: 0, width: 1024, height: 500), screen: screen)
        #expect(frame.width == LockWindowSize.compact.width && frame.height == LockWindowSize.compact.height)
        #expect(LockWindowSize.layout(width: frame.width, height: frame.height) == .compact)
        #expect(LockWindowSize.layout(width: 1024, height: 768) == .full)
    }

    @Test func atScaleTwoACoverMustHoldTwiceTheCompactLayout() {
        let compact = LockWindowSize.compact
        #expect(compact.scaled(by: 2) == LockWindowSize(width: 2 * compact.width, height: 2 * compact.height))
        #expect(compact.scaled(by: 1.5) == LockWindowSize(width: 480, height: 510))
        #expect(compact.scaled(by: 1) == compact)
        #expect(LockWindowPlacement.place(reachedFor: medium, appWindows: [medium: mediumRect], scale: 2)
            == .floating(over: mediumRect))
        let doubled = GuardRect(x: 0, y: 0, width: 2 * compact.width, height: 2 * compact.height)
        #expect(LockWindowPlacement.place(reachedFor: medium, appWindows: [medium: doubled], scale: 2) == .cover(medium))
    }

    @Test func atScaleTwoTheFloatingWindowIsTwiceTheSizeAndNoLargerThanTheScreen() {
        let screen = GuardRect(x: 0, y: 0, width: 1600, height: 1200)
        let full = LockWindowSize.full.scaled(by: 2)
        #expect(LockWindowPlacement.floatingFrame(over: screen, screen: screen, scale: 2)
            == GuardRect(x: 800 - full.width / 2, y: 0, width: full.width, height: full.height))
        let small = GuardRect(x: 0, y: 0, width: 1280, height: 800)
        let compact = LockWindowSize.compact.scaled(by: 2)
        #expect(LockWindowPlacement.floatingFrame(over: small, screen: small, scale: 2)
            == GuardRect(x: 640 - compact.width / 2, y: 60, width: compact.width, height: compact.height))
    }
}
