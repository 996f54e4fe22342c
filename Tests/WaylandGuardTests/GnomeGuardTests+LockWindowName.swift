import AppLockTestSupport
import Foundation
import Testing

extension GnomeGuardTests {
    @Test("GNOME names the lock window \"AppLock\", from its desktop entry (in the top bar up to GNOME 44, Alt+Tab and the dash), never by its program name")
    func topBarNamesTheLockWindowAppLock() throws {
        let desktop = try Desktop(readNotifications: true)
        defer { desktop.stop() }
        let reader = desktop.shellReader
        let session = desktop.session
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        #expect(waitUntil(timeout: .seconds(20)) {
            (try? session.countPixels(SwayGuardHarness.lockWindowColours)) ?? 0 > 100_000
        }, "the lock window is up: \(desktop.log())")
        var reading: GnomeNotificationReader.Reading?
        #expect(waitUntil(timeout: .seconds(20)) {
            reading = reader.read()
            return reading?.focusedApp == "AppLock"
        }, "the Shell names the focused lock window's app AppLock: \(String(describing: reading?.focusedApp))")
        let labels = reading?.labels ?? []
        // GNOME 45 took the focused app's name out of the top bar.
        if session.shellVersion < 45 {
            #expect(labels.contains("AppLock"), "the top bar names the lock window AppLock: \(labels)")
        }
        #expect(!labels.contains { $0.contains("applock-lock-window") }, "the program's name shows in the Shell: \(labels)")
        _ = try? session.screenshot(to: Self.artifact("lock-window-named", shellVersion: session.shellVersion))
    }
}
