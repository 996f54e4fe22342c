import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import Testing

extension GnomeGuardTests {
    static let secrets = (
        fdoTitle: "Alice: meet at the north gate", fdoBody: "Bring the signed contract",
        gtkTitle: "Invoice 4711 is overdue", gtkBody: "Pay 1,250 EUR by Friday")

    /// The guarded app's notifications (the Shell sends its own too, "Screen Lock disabled" among them).
    static func appNotifications(_ reading: GnomeNotificationReader.Reading) -> [GnomeNotificationReader.Reading.Notification] {
        reading.notifications.filter { $0.source == "Notes" }
    }

    /// A notification sender that stays on the bus, as an app does (the Shell drops an app's notifications when their
    /// sender leaves): it sends `org.freedesktop.Notifications.Notify` with the app's desktop-entry hint, and a
    /// GNotification (`org.gtk.Notifications.AddNotification`, what GApplication sends on GNOME) for the app id.
    struct NotificationSender {
        let connection: Connection

        init(_ environment: TestEnvironment) throws {
            connection = try Connection.address(environment.sessionBus.address)
        }

        func notify(app: String, title: String, body: String) throws {
            let hints: [DictionaryEntry] = [DictionaryEntry(key: .string("desktop-entry"), value: .variant(.string(app)))]
            _ = try connection.call(
                destination: "org.freedesktop.Notifications", path: ObjectPath("/org/freedesktop/Notifications"),
                interface: "org.freedesktop.Notifications", member: "Notify",
                arguments: [.string("Notes"), .uint32(0), .string(""), .string(title), .string(body),
                            .array(element: try Signature("s"), []),
                            .dictionary(key: try Signature("s"), value: try Signature("v"), hints), .int32(-1)],
                timeout: .seconds(10))
        }

        func addGNotification(app: String, id: String, title: String, body: String) throws {
            let notification: [DictionaryEntry] = [
                DictionaryEntry(key: .string("title"), value: .variant(.string(title))),
                DictionaryEntry(key: .string("body"), value: .variant(.string(body))),
            ]
            _ = try connection.call(
                destination: "org.gtk.Notifications", path: ObjectPath("/org/gtk/Notifications"),
                interface: "org.gtk.Notifications", member: "AddNotification",
                arguments: [.string(app), .string(id), .dictionary(key: try Signature("s"), value: try Signature("v"), notification)],
                timeout: .seconds(10))
        }

        func close() { connection.close() }
    }

    @Test("A locked app's notifications (org.freedesktop.Notifications with its desktop entry, and a GNotification) show its name and \"Locked\": neither title nor body is anywhere in the Shell, banner or message list; unlocked, they show; locked again, they are hidden again")
    func notificationsOfALockedAppShowNoContent() throws {
        let desktop = try Desktop(readNotifications: true)
        defer { desktop.stop() }
        let reader = desktop.shellReader
        let session = desktop.session
        func shot(_ label: String) { _ = try? session.screenshot(to: Self.artifact("notifications-\(label)", shellVersion: session.shellVersion)) }
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "notifications-0-locked"), "\(desktop.log())")
        // The guard has told the extension whose notifications to hide once the lock window is up (same answer).
        #expect(waitUntil(timeout: .seconds(20)) {
            (try? session.countPixels(SwayGuardHarness.lockWindowColours)) ?? 0 > 100_000
        }, "\(desktop.log())")

        for name in ["org.freedesktop.Notifications", "org.gtk.Notifications"] {
            #expect(desktop.environment.waitForName(name), "the Shell serves \(name): \(desktop.log())")
        }
        let sender = try NotificationSender(desktop.environment)
        defer { sender.close() }
        let s = Self.secrets
        try sender.notify(app: Self.app, title: s.fdoTitle, body: s.fdoBody)
        try sender.addGNotification(app: Self.app, id: "invoice", title: s.gtkTitle, body: s.gtkBody)
        let secretWords = [s.fdoTitle, s.fdoBody, s.gtkTitle, s.gtkBody, "north gate", "contract", "4711", "1,250"]

        var reading: GnomeNotificationReader.Reading?
        #expect(waitUntil(timeout: .seconds(20)) {
            reading = reader.read()
            return reading.map(Self.appNotifications)?.count == 2
        }, "both notifications arrive: \(String(describing: reading))\n\(desktop.log())")
        shot("1-banner-while-locked")
        let locked = try #require(reading)
        for word in secretWords {
            #expect(!locked.allText.contains(word), "\"\(word)\" shows while locked: \(locked.allText)")
        }
        // GNOME 46 and later head a notification with its app's name: there it says "Locked", "New notification".
        let masked = session.shellVersion >= 46 ? ("Locked", "New notification") : ("Notes", "Locked")
        #expect(Self.appNotifications(locked).allSatisfy { $0.title == masked.0 && $0.body == masked.1 }, "\(locked.notifications)")
        #expect(locked.labels.contains("Locked"), "the banner or message list says Locked: \(locked.labels)")
        try reader.showMessageList(true)
        #expect(waitUntil(timeout: .seconds(10)) {
            reader.read().map { r in r.labels.filter { $0 == "Locked" }.count >= 2 && !secretWords.contains { r.allText.contains($0) } } ?? false
        }, "the message list shows both as Locked: \(String(describing: reader.read()?.labels))")
        shot("2-message-list-while-locked")
        try reader.showMessageList(false)

        let unlocked = desktop.environment.run([try PackageFolders.program("applockctl"), "unlock", Self.app, "--stdin"],
                                               input: SwayGuardHarness.passcode + "\n")
        #expect(unlocked.succeeded, "\(unlocked.stderr)")
        #expect(desktop.waitUntilHidden(false, label: "notifications-3-unlocked"), "\(desktop.log())")
        #expect(waitUntil(timeout: .seconds(20)) {
            reading = reader.read()
            return [s.fdoTitle, s.fdoBody, s.gtkTitle, s.gtkBody].allSatisfy { reading?.allText.contains($0) == true }
        }, "the content comes back on unlock: \(String(describing: reading))\n\(desktop.log())")
        try reader.showMessageList(true)
        #expect(waitUntil(timeout: .seconds(10)) { reader.read()?.labels.contains(s.gtkTitle) == true })
        shot("4-message-list-unlocked")
        try reader.showMessageList(false)

        let relocked = desktop.environment.run([try PackageFolders.program("applockctl"), "lock", Self.app])
        #expect(relocked.succeeded, "\(relocked.stdout)\(relocked.stderr)")
        #expect(waitUntil(timeout: .seconds(20)) {
            reading = reader.read()
            return reading.map { r in Self.appNotifications(r).count == 2 && !secretWords.contains { r.allText.contains($0) } } ?? false
        }, "locked again, the notifications still there are hidden again: \(String(describing: reading))\n\(desktop.log())")
        try sender.notify(app: Self.app, title: "Second: \(s.fdoTitle)", body: s.fdoBody)
        #expect(waitUntil(timeout: .seconds(20)) {
            reading = reader.read()
            return reading.map { r in Self.appNotifications(r).count == 3 && !secretWords.contains { r.allText.contains($0) } } ?? false
        }, "a notification sent while locked again: \(String(describing: reading))\n\(desktop.log())")
        shot("5-banner-locked-again")
    }

    @Test("HideNotifications=false written by hand for a locked app with a passcode is held: its notifications stay private until applockctl policy confirm with the passcode; then they show, the app still locked")
    func turningHideNotificationsOffIsHeldUntilConfirmed() throws {
        let desktop = try Desktop(readNotifications: true)
        defer { desktop.stop() }
        let reader = desktop.shellReader
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "notifications-held-0-locked"), "\(desktop.log())")

        let file = desktop.environment.configHome.appendingPathComponent("applock/apps.d/\(Self.app).conf")
        try "[Policy]\nGuard=true\nHideNotifications=false\n\(Self.remoteKeyboardPolicy)".write(to: file, atomically: true, encoding: .utf8)
        desktop.setup.agent.kill(SIGHUP)
        #expect(waitUntil(timeout: .seconds(20)) { desktop.guardProcess.logText().contains("stays guarded: the agent holds") },
                "the guard takes the agent's held value: \(desktop.log())")

        let sender = try NotificationSender(desktop.environment)
        defer { sender.close() }
        let s = Self.secrets
        try sender.notify(app: Self.app, title: s.fdoTitle, body: s.fdoBody)
        var reading: GnomeNotificationReader.Reading?
        #expect(waitUntil(timeout: .seconds(20)) {
            reading = reader.read()
            return reading.map(Self.appNotifications)?.count == 1
        }, "\(String(describing: reading))\n\(desktop.log())")
        #expect(reading.map { !$0.allText.contains(s.fdoTitle) && !$0.allText.contains(s.fdoBody) } == true,
                "unconfirmed, the notification stays private: \(String(describing: reading))")
        _ = try? desktop.session.screenshot(to: Self.artifact("notifications-held-1-banner", shellVersion: desktop.session.shellVersion))

        let confirm = desktop.environment.run([try PackageFolders.program("applockctl"), "policy", "confirm", Self.app, "--stdin"],
                                              input: SwayGuardHarness.passcode + "\n")
        #expect(confirm.succeeded, "\(confirm.stderr)")
        #expect(waitUntil(timeout: .seconds(20)) {
            reading = reader.read()
            return reading.map { $0.allText.contains(s.fdoTitle) && $0.allText.contains(s.fdoBody) } ?? false
        }, "confirmed, the content shows: \(String(describing: reading))\n\(desktop.log())")
        #expect(desktop.state() == "locked")
        #expect(desktop.waitUntilHidden(label: "notifications-held-2-confirmed"), "the app itself stays hidden: \(desktop.log())")
    }
}

extension GnomeGuardTests {
    @Test("In German (LANGUAGE=de) a locked app's notification reads \"Gesperrt\" in the Shell, banner and message list, from AppLock's catalogue in the extension's locale folder")
    func aLockedAppsNotificationReadsInGerman() throws {
        let desktop = try Desktop(readNotifications: true, language: "de", locale: "de_DE.UTF-8")
        defer { desktop.stop() }
        let reader = desktop.shellReader
        let session = desktop.session
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "german-notifications-0-locked"), "\(desktop.log())")
        #expect(waitUntil(timeout: .seconds(20)) {
            (try? session.countPixels(SwayGuardHarness.lockWindowColours)) ?? 0 > 100_000
        }, "\(desktop.log())")
        #expect(desktop.environment.waitForName("org.freedesktop.Notifications"), "\(desktop.log())")
        let sender = try NotificationSender(desktop.environment)
        defer { sender.close() }
        try sender.notify(app: Self.app, title: Self.secrets.fdoTitle, body: Self.secrets.fdoBody)

        var reading: GnomeNotificationReader.Reading?
        #expect(waitUntil(timeout: .seconds(20)) {
            reading = reader.read()
            return reading.map(Self.appNotifications)?.count == 1
        }, "the notification arrives: \(String(describing: reading))\n\(desktop.log())")
        _ = try? session.screenshot(to: Self.artifact("german-notification-banner", shellVersion: session.shellVersion))
        let locked = try #require(reading)
        // GNOME 46 and later head a notification with its app's name: there it says "Gesperrt", "Neue Benachrichtigung".
        let masked = session.shellVersion >= 46 ? ("Gesperrt", "Neue Benachrichtigung") : ("Notes", "Gesperrt")
        #expect(Self.appNotifications(locked).allSatisfy { $0.title == masked.0 && $0.body == masked.1 }, "\(locked.notifications)")
        #expect(!locked.allText.contains(Self.secrets.fdoTitle) && !locked.labels.contains("Locked"), "\(locked.allText)")
        try reader.showMessageList(true)
        #expect(waitUntil(timeout: .seconds(10)) { reader.read()?.labels.contains("Gesperrt") == true },
                "the message list says Gesperrt: \(String(describing: reader.read()?.labels))")
        _ = try? session.screenshot(to: Self.artifact("german-notification-list", shellVersion: session.shellVersion))
    }
}
