import AppLockProtocol
import AppLockTestSupport
import Testing

/// Checks each surface of a guard that is not protecting for `reason`: the bus, `applockctl status` with its exit
/// status and its line (containing `statement`) with the fix, and exactly one notification naming the app (whose
/// desktop file calls it `appName`).
func expectNotProtecting(
    _ probe: GuardStatusProbe, _ reason: GuardReason, statement: String, appName: String = "Notes", log: () -> String
) throws {
    let status = probe.waitFor(reason, statement: statement)
    #expect(status?.reason == reason.rawValue && status?.protected == false, "\(String(describing: status))\n\(log())")
    #expect(status?.statement.contains(statement) == true, "\(String(describing: status))")
    #expect(status?.fix.isEmpty == false, "a fix is given: \(String(describing: status))")
    let printed = try probe.applockctlStatus()
    #expect(printed.status == GuardStatusProbe.notProtectingExitStatus, "\(printed.stdout)\(printed.stderr)")
    #expect(printed.stdout.contains("Guard:   NOT protecting on ") && printed.stdout.contains(statement),
            "\(printed.stdout)")
    #expect(printed.stdout.contains("To fix it: "), "\(printed.stdout)")
    let notifications = probe.waitForNotifications()
    #expect(notifications.count == 1, "one notification: \(notifications)\n\(log())")
    #expect(notifications.first?.summary == "AppLock cannot hide \(appName)", "\(notifications)")
    #expect(notifications.first?.body.contains(statement) == true, "\(notifications)")
    #expect(notifications.first?.body.contains("\(appName) stays locked in AppLock, but its windows can be seen and used") == true,
            "one app, in the singular: \(notifications)")
}
