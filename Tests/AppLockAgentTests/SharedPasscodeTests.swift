import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// The AppLock passcode end to end: the real `applockd`, a real gnome-keyring on the test's private bus,
/// `dbus-send`, `gdbus` and `secret-tool`.
@Suite("The AppLock passcode", .serialized)
struct SharedPasscodeTests {
    static let error = "io.github.applock.AppLock1.Error."
    static let notes = "org.example.Notes"
    static let mail = "org.example.Mail"
    static let browser = "org.example.Browser"
    static let own = "org.example.Vault"
    static let shared = "40716253"
    static let ownPasscode = "Quokka-7-Lantern"
    static let wrong = "55501234"

    @Test("dbus-send sets the AppLock passcode (its own keyring item), gdbus makes two apps use it, and each unlocks with it")
    func setUseAndUnlock() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        let managerPath = AgentClient.managerPath
        #expect(try app.property(managerPath, AgentClient.manager, "SharedPasscodeKind").stringValue == "")
        let noneYet = harness.gdbusCall("UseSharedPasscode", [Self.notes])
        #expect(noneYet.stderr.contains(Self.error + "NoPasscode"), "\(noneYet.stderr)")

        let set = harness.dbusSend("SetSharedPasscode", ["string:\(Self.shared)", "string:numeric"])
        #expect(set.succeeded, "\(set.stderr)")
        #expect(try app.property(managerPath, AgentClient.manager, "SharedPasscodeKind").stringValue == "numeric")
        let search = harness.environment.run(["secret-tool", "search", "--all", "shared", "yes"])
        let text = search.stdout + search.stderr
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("[/") }.count == 1, "\(text)")
        #expect(text.contains("label = AppLock passcode\n") && text.contains("attribute.kind = numeric"), "\(text)")
        #expect(text.contains("secret = $argon2id$") && !text.contains("attribute.app-id"), "\(text)")
        let again = harness.dbusSend("SetSharedPasscode", ["string:\(Self.wrong)", "string:numeric"])
        #expect(again.stderr.contains(Self.error + "PasscodeExists"), "\(again.stderr)")
        let bad = harness.dbusSend("SetSharedPasscode", ["string:12", "string:numeric"])
        #expect(bad.stderr.contains(Self.error + "InvalidPasscode"), "\(bad.stderr)")

        try app.call("SetPasscode", [.string(Self.own), .string(Self.ownPasscode), .string("alphanumeric")])
        let hasOwn = harness.gdbusCall("UseSharedPasscode", [Self.own])
        #expect(hasOwn.stderr.contains(Self.error + "PasscodeExists"), "\(hasOwn.stderr)")
        for name in [Self.notes, Self.mail] {
            let use = harness.gdbusCall("UseSharedPasscode", [name])
            #expect(use.succeeded, "\(use.stderr)")
        }
        for name in [Self.notes, Self.mail] {
            _ = try app.register(name)
            #expect(try app.state(name) == "locked", "an app that uses it starts locked at its launch")
            #expect(try app.appProperty(name, "HasPasscode").boolValue == true)
            #expect(try app.appProperty(name, "PasscodeKind").stringValue == "numeric")
            #expect(try app.appProperty(name, "PasscodeSource").stringValue == "shared")
        }
        #expect(try app.appProperty(Self.own, "PasscodeSource").stringValue == "own")
        for name in [Self.notes, Self.mail] {
            app.watchStateChanged(of: name)
            let unlock = harness.dbusSend("Unlock", ["string:\(name)", "string:\(Self.shared)"])
            #expect(unlock.succeeded, "\(unlock.stderr)")
            #expect(try app.nextStateChange(of: name)?.state == "unlocked")
        }
        PasscodeTests.expectLogClean(harness, [Self.shared, Self.ownPasscode, Self.wrong])
    }

    @Test("wrong passcodes spread over three apps get as many tries as the strictest of them, then all answer LockedOut with one RetryAfter, also after SIGKILL and a restart; an app with its own passcode is not locked out")
    func oneLockOut() throws {
        let environment = try TestEnvironment()
        let overrides = environment.configHome.appendingPathComponent("applock/apps.d")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        for (name, maximum) in [(Self.notes, 6), (Self.mail, 4), (Self.browser, 5)] {
            try "[Policy]\nMaxFailedAttempts=\(maximum)\n".write(
                to: overrides.appendingPathComponent("\(name).conf"), atomically: true, encoding: .utf8)
        }
        let harness = try AgentHarness(environment: environment)
        let app = try harness.client()
        let users = [Self.notes, Self.mail, Self.browser]
        try app.call("SetSharedPasscode", [.string(Self.shared), .string("numeric")])
        try app.call("SetPasscode", [.string(Self.own), .string(Self.ownPasscode), .string("alphanumeric")])
        for name in users {
            try app.call("UseSharedPasscode", [.string(name)])
            _ = try app.register(name)
        }
        _ = try app.register(Self.own)

        // Mail allows 4: the four wrong tries through three apps are all there is, the fifth locks every one out.
        for (index, name) in [Self.notes, Self.mail, Self.browser, Self.notes].enumerated() {
            let answer = PasscodeTests.failure(app, "Unlock", [.string(name), .string(Self.wrong)])
            #expect(answer?.name == Self.error + "WrongPasscode", "\(answer?.description ?? "unlocked")")
            #expect(answer?.message.contains("\(3 - index) attempt") == true, "\(answer?.message ?? "")")
        }
        let fifth = PasscodeTests.failure(app, "Unlock", [.string(Self.mail), .string(Self.wrong)])
        #expect(fifth?.name == Self.error + "LockedOut", "\(fifth?.description ?? "unlocked")")
        let retryAfter = try #require(try app.appProperty(Self.mail, "RetryAfter").uint64Value)
        #expect(retryAfter > 0)
        func expectAllLockedOut(_ client: AgentClient, _ when: String) throws {
            for name in users {
                #expect(try client.appProperty(name, "FailedAttempts").uint32Value == 5, "\(name) \(when)")
                #expect(try client.appProperty(name, "RetryAfter").uint64Value == retryAfter, "\(name) \(when)")
                let refused = PasscodeTests.failure(client, "Unlock", [.string(name), .string(Self.shared)])
                #expect(refused?.name == Self.error + "LockedOut", "\(name) \(when): \(refused?.description ?? "unlocked")")
            }
            #expect(try client.appProperty(Self.own, "FailedAttempts").uint32Value == 0)
        }
        try expectAllLockedOut(app, "before the restart")

        harness.agent.kill(SIGKILL)
        #expect(harness.agent.waitForExit() != nil)
        try harness.agent.restart()
        try harness.agent.waitUntilServing(timeout: .seconds(20))
        let again = try harness.client()
        for name in users { _ = try again.register(name) }
        try expectAllLockedOut(again, "after SIGKILL and a restart")
        #expect(try again.appProperty(Self.notes, "PasscodeSource").stringValue == "shared", "the choice survives a restart")
        _ = try again.register(Self.own)
        try again.call("Unlock", [.string(Self.own), .string(Self.ownPasscode)])
        #expect(try again.state(Self.own) == "unlocked", "an app with its own passcode is not locked out by them")
        PasscodeTests.expectLogClean(harness, [Self.shared, Self.ownPasscode, Self.wrong])
    }

    @Test("an AppLock passcode item the agent's records do not know (they were lost) is adopted: SetSharedPasscode answers PasscodeExists and its kind shows")
    func anUnknownItemIsAdopted() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        let stored = harness.environment.run(
            ["secret-tool", "store", "--label=AppLock passcode", "xdg:schema", "io.github.applock.Passcode",
             "shared", "yes", "kind", "six-digit"],
            input: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g")
        #expect(stored.succeeded, "\(stored.stderr)")
        #expect(try app.property(AgentClient.managerPath, AgentClient.manager, "SharedPasscodeKind").stringValue == "")
        let set = harness.dbusSend("SetSharedPasscode", ["string:\(Self.shared)", "string:numeric"])
        #expect(set.stderr.contains(Self.error + "PasscodeExists"), "\(set.stderr)")
        #expect(try app.property(AgentClient.managerPath, AgentClient.manager, "SharedPasscodeKind").stringValue == "six-digit")
        PasscodeTests.expectLogClean(harness, [Self.shared])
    }

    @Test("the AppLock passcode's keyring item deleted: every app that uses it answers PasscodeTampered and stays locked, and one notification names them all")
    func tamperedItem() throws {
        let harness = try AgentHarness()
        try harness.environment.startNotificationServer()
        let probe = GuardStatusProbe(environment: harness.environment)
        let app = try harness.client()
        try app.call("SetSharedPasscode", [.string(Self.shared), .string("numeric")])
        for name in [Self.notes, Self.mail] {
            try app.call("UseSharedPasscode", [.string(name)])
            _ = try app.register(name)
        }
        let cleared = harness.environment.run(["secret-tool", "clear", "shared", "yes"])
        #expect(cleared.succeeded, "\(cleared.stderr)")
        for name in [Self.notes, Self.mail] {
            let answer = PasscodeTests.failure(app, "Unlock", [.string(name), .string(Self.shared)])
            #expect(answer?.name == Self.error + "PasscodeTampered", "\(name): \(answer?.description ?? "unlocked")")
            #expect(try app.state(name) == "locked")
            #expect(try app.appProperty(name, "HasPasscode").boolValue == true)
        }
        let told = probe.waitForNotifications(1)
        #expect(told.count == 1, "one notification for every app that uses it: \(told)")
        let notification = try #require(told.first)
        #expect(notification.summary == "The AppLock passcode was tampered with", "\(notification)")
        #expect(notification.body.contains("\(Self.mail), \(Self.notes)"), "\(notification)")
        #expect(!notification.body.contains(Self.shared) && !notification.body.contains("$argon2id$"))
        PasscodeTests.expectLogClean(harness, [Self.shared])
    }

    @Test("RemovePasscode with the AppLock passcode stops one app using it; ChangePasscode with it gives an app its own")
    func leavingIt() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        try app.call("SetSharedPasscode", [.string(Self.shared), .string("numeric")])
        for name in [Self.notes, Self.mail] {
            try app.call("UseSharedPasscode", [.string(name)])
            _ = try app.register(name)
        }
        try app.call("RemovePasscode", [.string(Self.notes), .string(Self.shared)])
        #expect(try app.appProperty(Self.notes, "PasscodeSource").stringValue == "none")
        #expect(try app.appProperty(Self.notes, "HasPasscode").boolValue == false)
        #expect(harness.environment.run(["secret-tool", "lookup", "shared", "yes"]).stdout.hasPrefix("$argon2id$"),
                "the AppLock passcode stays for the others")

        try app.call("ChangePasscode", [.string(Self.mail), .string(Self.shared), .string(Self.ownPasscode), .string("alphanumeric")])
        #expect(try app.appProperty(Self.mail, "PasscodeSource").stringValue == "own")
        #expect(try app.appProperty(Self.mail, "PasscodeKind").stringValue == "alphanumeric")
        try app.call("Lock", [.string(Self.mail)])
        let old = PasscodeTests.failure(app, "Unlock", [.string(Self.mail), .string(Self.shared)])
        #expect(old?.name == Self.error + "WrongPasscode", "\(old?.description ?? "unlocked")")
        try app.call("Unlock", [.string(Self.mail), .string(Self.ownPasscode)])
        #expect(try app.state(Self.mail) == "unlocked")
        #expect(try app.property(AgentClient.managerPath, AgentClient.manager, "SharedPasscodeKind").stringValue == "numeric")
        PasscodeTests.expectLogClean(harness, [Self.shared, Self.ownPasscode])
    }
}

extension SharedPasscodeTests {
    @Test("ChangeSharedPasscode changes it for every app that uses it; a wrong old one counts in the one lock-out; RemoveSharedPasscode leaves every app that used it without a passcode")
    func changeAndRemoveIt() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        let managerPath = AgentClient.managerPath
        try app.call("SetSharedPasscode", [.string(Self.shared), .string("numeric")])
        for name in [Self.notes, Self.mail] {
            try app.call("UseSharedPasscode", [.string(name)])
            _ = try app.register(name)
        }
        let wrong = harness.dbusSend("ChangeSharedPasscode", ["string:\(Self.wrong)", "string:\(Self.ownPasscode)", "string:alphanumeric"])
        #expect(wrong.stderr.contains(Self.error + "WrongPasscode"), "\(wrong.stderr)")
        #expect(try app.appProperty(Self.mail, "FailedAttempts").uint32Value == 1, "counted once, for every app")
        let shape = harness.dbusSend("ChangeSharedPasscode", ["string:12ab", "string:\(Self.ownPasscode)", "string:alphanumeric"])
        #expect(shape.stderr.contains(Self.error + "InvalidPasscode"), "\(shape.stderr)")
        #expect(try app.appProperty(Self.mail, "FailedAttempts").uint32Value == 1, "a passcode of the wrong shape is not counted")

        let change = harness.dbusSend("ChangeSharedPasscode", ["string:\(Self.shared)", "string:\(Self.ownPasscode)", "string:alphanumeric"])
        #expect(change.succeeded, "\(change.stderr)")
        #expect(try app.property(managerPath, AgentClient.manager, "SharedPasscodeKind").stringValue == "alphanumeric")
        for name in [Self.notes, Self.mail] {
            #expect(try app.appProperty(name, "PasscodeKind").stringValue == "alphanumeric")
            #expect(try app.appProperty(name, "FailedAttempts").uint32Value == 0)
        }
        #expect(PasscodeTests.failure(app, "Unlock", [.string(Self.notes), .string(Self.shared)])?.name
            == Self.error + "WrongPasscode", "the old AppLock passcode no longer unlocks")
        try app.call("Unlock", [.string(Self.mail), .string(Self.ownPasscode)])
        #expect(try app.state(Self.mail) == "unlocked")

        let remove = harness.gdbusCall("RemoveSharedPasscode", [Self.ownPasscode])
        #expect(remove.succeeded, "\(remove.stderr)")
        #expect(try app.property(managerPath, AgentClient.manager, "SharedPasscodeKind").stringValue == "")
        for name in [Self.notes, Self.mail] {
            #expect(try app.appProperty(name, "HasPasscode").boolValue == false)
            #expect(try app.appProperty(name, "PasscodeSource").stringValue == "none")
            #expect(try app.state(name) == "unlocked", "a locked app unlocks, as after RemovePasscode")
        }
        #expect(!harness.environment.run(["secret-tool", "lookup", "shared", "yes"]).stdout.hasPrefix("$argon2id$"))
        let gone = harness.gdbusCall("RemoveSharedPasscode", [Self.ownPasscode])
        #expect(gone.stderr.contains(Self.error + "NoPasscode"), "\(gone.stderr)")
        PasscodeTests.expectLogClean(harness, [Self.shared, Self.ownPasscode, Self.wrong])
    }
}

extension SharedPasscodeTests {
    @Test("after logind's Lock, the AppLock passcode typed into one app unlocks every other app that uses it with UnlockTogether, not one locked by hand; turning the key on later is held")
    func unlockTogether() throws {
        let environment = try TestEnvironment(systemBus: true)
        let overrides = environment.configHome.appendingPathComponent("applock/apps.d")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        for name in [Self.mail, Self.browser] {
            try "[Policy]\nUnlockTogether=true\n".write(
                to: overrides.appendingPathComponent("\(name).conf"), atomically: true, encoding: .utf8)
        }
        let harness = try AgentHarness(environment: environment, logind: true)
        let app = try harness.client()
        let users = [Self.notes, Self.mail, Self.browser]
        try app.call("SetSharedPasscode", [.string(Self.shared), .string("numeric")])
        for name in users {
            try app.call("UseSharedPasscode", [.string(name)])
            _ = try app.register(name)
            try app.call("Unlock", [.string(name), .string(Self.shared)])
            app.watchStateChanged(of: name)
        }
        #expect(try app.policy(Self.mail, "UnlockTogether")?.boolValue == true)
        try app.call("Lock", [.string(Self.browser)])
        #expect(try app.nextStateChange(of: Self.browser)?.reason == "manual")
        _ = waitUntil(timeout: .seconds(10)) { harness.agent.logText().contains("watching logind session") }
        try environment.logindSessionLock()
        // The apps lock in the order of their ids (Mail before Notes); a wait skips the signals before the one it waits for.
        #expect(try app.nextStateChange(of: Self.mail)?.reason == "session-lock")
        #expect(try app.nextStateChange(of: Self.notes)?.reason == "session-lock")
        try environment.logindSessionUnlock()
        _ = waitUntil(timeout: .seconds(10)) {
            (try? app.property(AgentClient.managerPath, AgentClient.manager, "SessionState").stringValue) == "active"
        }

        try app.call("Unlock", [.string(Self.notes), .string(Self.shared)])
        #expect(try app.nextStateChange(of: Self.notes)?.state == "unlocked")
        let mail = try #require(try app.nextStateChange(of: Self.mail))
        #expect(mail.state == "unlocked" && mail.reason == "unlock")
        #expect(try app.state(Self.browser) == "locked", "locked by hand: it stays locked")

        try "[Policy]\nUnlockTogether=true\n".write(
            to: overrides.appendingPathComponent("\(Self.notes).conf"), atomically: true, encoding: .utf8)
        try app.call("ReloadPolicy")
        #expect(try app.policy(Self.notes, "UnlockTogether")?.boolValue == false, "a weakening waits for the passcode")
        let held = harness.gdbusCall("GetHeldPolicyChanges")
        #expect(held.stdout.contains(Self.notes) && held.stdout.contains("UnlockTogether"), "\(held.stdout)")
        PasscodeTests.expectLogClean(harness, [Self.shared])
    }
}


extension SharedPasscodeTests {
    @Test("SwitchToSharedPasscode takes the app's own passcode (a wrong one counts in its own lock-out), removes its own keyring item, and the app, still locked, unlocks with the AppLock passcode only")
    func switchToIt() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        try app.call("SetPasscode", [.string(Self.own), .string(Self.ownPasscode), .string("alphanumeric")])
        _ = try app.register(Self.own)
        let noneYet = harness.gdbusCall("SwitchToSharedPasscode", [Self.own, Self.ownPasscode])
        #expect(noneYet.stderr.contains(Self.error + "NoPasscode"), "\(noneYet.stderr)")
        try app.call("SetSharedPasscode", [.string(Self.shared), .string("numeric")])
        try app.call("UseSharedPasscode", [.string(Self.notes)])
        let already = harness.gdbusCall("SwitchToSharedPasscode", [Self.notes, Self.shared])
        #expect(already.stderr.contains(Self.error + "NoPasscode"), "an app that uses it already: \(already.stderr)")

        let wrong = harness.dbusSend("SwitchToSharedPasscode", ["string:\(Self.own)", "string:Wrong-Guess-99"])
        #expect(wrong.stderr.contains(Self.error + "WrongPasscode"), "\(wrong.stderr)")
        #expect(try app.appProperty(Self.own, "FailedAttempts").uint32Value == 1)
        #expect(try app.appProperty(Self.notes, "FailedAttempts").uint32Value == 0, "counted in the app's own lock-out")
        #expect(try app.appProperty(Self.own, "PasscodeSource").stringValue == "own")

        let switched = harness.dbusSend("SwitchToSharedPasscode", ["string:\(Self.own)", "string:\(Self.ownPasscode)"])
        #expect(switched.succeeded, "\(switched.stderr)")
        #expect(try app.appProperty(Self.own, "PasscodeSource").stringValue == "shared")
        #expect(try app.appProperty(Self.own, "HasPasscode").boolValue == true)
        #expect(try app.appProperty(Self.own, "PasscodeKind").stringValue == "numeric")
        #expect(try app.appProperty(Self.own, "FailedAttempts").uint32Value == 0, "its own count is dropped")
        #expect(try app.state(Self.own) == "locked", "never unprotected: it stays locked")
        #expect(!harness.environment.run(["secret-tool", "lookup", "app-id", Self.own]).stdout.hasPrefix("$argon2id$"),
                "its own keyring item is removed")
        #expect(harness.environment.run(["secret-tool", "lookup", "shared", "yes"]).stdout.hasPrefix("$argon2id$"))
        let old = PasscodeTests.failure(app, "Unlock", [.string(Self.own), .string(Self.ownPasscode)])
        #expect(old?.name == Self.error + "InvalidPasscode", "its old passcode cannot be the AppLock passcode: \(old?.description ?? "unlocked")")
        try app.call("Unlock", [.string(Self.own), .string(Self.shared)])
        #expect(try app.state(Self.own) == "unlocked")

        harness.agent.kill(SIGKILL)
        #expect(harness.agent.waitForExit() != nil)
        try harness.agent.restart()
        try harness.agent.waitUntilServing(timeout: .seconds(20))
        let again = try harness.client()
        _ = try again.register(Self.own)
        #expect(try again.appProperty(Self.own, "PasscodeSource").stringValue == "shared", "the switch survives a restart")
        try again.call("Unlock", [.string(Self.own), .string(Self.shared)])
        #expect(try again.state(Self.own) == "unlocked")
        PasscodeTests.expectLogClean(harness, [Self.shared, Self.ownPasscode, "Wrong-Guess-99"])
    }
}
