import AppLockCore
import AppLockDesktop
import AppLockGuard
import AppLockProtocol
import DBusKit

/// The one desktop notification (`org.freedesktop.Notifications.Notify`) the guard sends when it cannot hide
/// guarded apps (``ProtectionAlarm`` says when): it names the apps, says why and what to do. Sent without waiting
/// for the answer; a session without a notification server just does not show it (the status says it anyway).
enum UnprotectedNotification {
    static let destination = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"

    /// `Notes, Mail` from each app's desktop-file name, else its id.
    static func names(_ apps: [AppID], entries: [AppID: DesktopEntry]) -> String {
        apps.map { entries[$0]?.name ?? $0.rawValue }.joined(separator: ", ")
    }

    static func send(on bus: Connection, apps: [AppID], entries: [AppID: DesktopEntry], readiness: GuardReadiness,
                     failed: @escaping (String) -> Void) {
        let names = names(apps, entries: entries)
        let fix = readiness.fix.isEmpty ? "" : " To fix it: \(readiness.fix)."
        let body = "AppLock is \(readiness.statement).\(fix) Until then \(names) stay locked in AppLock, but their "
            + "windows can be seen and used."
        let arguments: [DBusValue] = [
            .string("AppLock"), .uint32(0), .string("dialog-warning"), .string("AppLock cannot hide \(names)"),
            .string(body), .stringArray([]),
            .stringVariantDictionary([("urgency", .byte(2)), ("desktop-entry", .string("io.github.applock.Settings"))]),
            .int32(-1),
        ]
        guard let message = try? Message.methodCall(
            destination: destination, path: ObjectPath(path), interface: destination, member: "Notify",
            arguments: arguments)
        else { return failed("cannot build the notification") }
        bus.call(message, timeout: .seconds(10)) { result in
            if case .failure(let error) = result { failed("the notification was not shown: \(error)") }
        }
    }
}
