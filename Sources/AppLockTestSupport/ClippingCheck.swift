import Foundation

/// The clip check AppLock's windows run when a test asks for it (`APPLOCK_SETTINGS_CHECK_CLIPPING`,
/// `APPLOCK_LOCK_WINDOW_CHECK_CLIPPING`): once a second each prints `clipped text: none`, or the visible text GTK has
/// cut short or cut off.
public enum ClippingCheck {
    static let prefix = "clipped text: "

    /// The window's latest report once `log` has gained one since now (the first check after a screenshot is the one
    /// that counts): "none" or what was cut; nil when no check came within 10 s.
    public static func nextReport(in log: () -> String) -> String? {
        func reports() -> [String] { log().components(separatedBy: "\n").filter { $0.hasPrefix(prefix) } }
        let before = reports().count
        guard waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100), { reports().count > before }) else {
            return nil
        }
        return reports().last.map { String($0.dropFirst(prefix.count)) }
    }
}
