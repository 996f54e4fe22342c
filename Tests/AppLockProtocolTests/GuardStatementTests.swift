import AppLockProtocol
import Testing

/// The guard's one sentence, and taking it apart again for the programs that show it in the user's language.
@Suite struct GuardStatementTests {
    @Test func aStatementTakesApartIntoWhetherItProtectsTheDesktopAndTheDetail() throws {
        let notProtecting = GuardStatement.text(protecting: false, on: "GNOME 48.7", "the AppLock extension is disabled (DISABLED)")
        #expect(notProtecting == "NOT protecting on GNOME 48.7: the AppLock extension is disabled (DISABLED)")
        let parts = try #require(GuardStatement.parts(of: notProtecting))
        #expect(!parts.protecting && parts.desktop == "GNOME 48.7" && parts.detail == "the AppLock extension is disabled (DISABLED)")

        let river = try #require(GuardStatement.parts(of: GuardStatement.text(
            protecting: false, on: "this Wayland desktop (river)", "this compositor offers no wlr-foreign-toplevel-management: …")))
        #expect(river.desktop == "this Wayland desktop (river)" && river.detail == "this compositor offers no wlr-foreign-toplevel-management: …")

        let protecting = GuardStatement.text(protecting: true, on: "this Wayland desktop (labwc)", "through wlr-foreign-toplevel-management")
        #expect(protecting == "protecting guarded apps on this Wayland desktop (labwc) (through wlr-foreign-toplevel-management)")
        let back = try #require(GuardStatement.parts(of: protecting))
        #expect(back.protecting && back.desktop == "this Wayland desktop (labwc)" && back.detail == "through wlr-foreign-toplevel-management")

        #expect(GuardStatement.parts(of: "NOT protecting: applock-guard is not running") == nil)
        #expect(GuardStatement.parts(of: "applock-guard is not running (no app is guarded)") == nil)
    }
}
