import AppLockProtocol
import Testing

/// The guard's one sentence, and taking it apart again for the programs that show it in the user's language.
@Suite struct GuardStatementTests {
    @Test func aStatementTakesApartIntoWhetherItProtectsAndItsDetail() throws {
        let notProtecting = GuardStatement.text(protecting: false, on: "GNOME 48.7", "the AppLock extension is disabled (DISABLED)")
        #expect(notProtecting == "NOT protecting on GNOME 48.7: the AppLock extension is disabled (DISABLED)")
        let parts = try #require(GuardStatement.parts(of: notProtecting, desktop: "GNOME 48.7"))
        #expect(parts.protecting == false && parts.detail == "the AppLock extension is disabled (DISABLED)")

        let protecting = GuardStatement.text(protecting: true, on: "this Wayland desktop (labwc)", "through wlr-foreign-toplevel-management")
        #expect(protecting == "protecting guarded apps on this Wayland desktop (labwc) (through wlr-foreign-toplevel-management)")
        let back = try #require(GuardStatement.parts(of: protecting, desktop: "this Wayland desktop (labwc)"))
        #expect(back.protecting && back.detail == "through wlr-foreign-toplevel-management")

        #expect(GuardStatement.parts(of: "NOT protecting: applock-guard is not running", desktop: "sway") == nil)
        #expect(GuardStatement.parts(of: notProtecting, desktop: "GNOME 49") == nil)
    }
}
