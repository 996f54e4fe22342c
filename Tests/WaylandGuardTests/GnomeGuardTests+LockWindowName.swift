import AppLockTestSupport
import Foundation
import Testing

extension GnomeGuardTests {
    @Test("GNOME's top bar names the lock window \"AppLock\", from its desktop entry, never by its program name")
    func topBarNamesTheLockWindowAppLock() throws {
        let desktop = try Desktop(readNotifications: true)
        defer { desktop.stop() }
        let reader = try #require(desktop.notificationReader)
        let session = desktop.session
        #expect(waitUntil(timeout: .seconds(20)) { desktop.state() == "locked" }, "\(desktop.log())")
        #expect(waitUntil(timeout: .seconds(20)) {
            (try? session.countPixels(SwayGuardHarness.lockWindowColours)) ?? 0 > 100_000
        }, "the lock window is up: \(desktop.log())")
        var labels: [String] = []
        #expect(waitUntil(timeout: .seconds(20)) {
            labels = reader.read()?.labels ?? []
            return labels.contains("AppLock")
        }, "the top bar names the focused lock window AppLock: \(labels)")
        #expect(!labels.contains { $0.contains("applock-lock-window") }, "the program's name shows in the Shell: \(labels)")
        _ = try? session.screenshot(to: Self.artifact("lock-window-named", shellVersion: session.shellVersion))
    }
}
