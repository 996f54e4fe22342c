import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// The passcode half of the agent end to end: the real `applockd`, a real
/// gnome-keyring on the test's private bus, `dbus-send` and `secret-tool`.
/// Every test ends by checking that the agent's log holds none of its passcodes.
@Suite("Passcodes", .serialized)
struct PasscodeTests {
    static let error = "io.github.applock.AppLock1.Error."
    static let notes = "org.example.Notes"
    static let mail = "org.example.Mail"
    static let right = "90817263"
    static let other = "Quokka-7-Lantern"
    static let wrong = "55501234"

    @Test("SetPasscode via dbus-send stores one Argon2id item, never the passcode; registering then starts locked")
    func setPasscodeStoresArgon2idHash() throws {
        let harness = try AgentHarness()
        let set = harness.dbusSend("SetPasscode", ["string:\(Self.notes)", "string:\(Self.right)", "string:numeric"])
        #expect(set.succeeded, "\(set.stderr)")

        let search = harness.environment.run(["secret-tool", "search", "--all", "app-id", Self.notes])
        #expect(search.succeeded, "\(search.stderr)")
        let text = search.stdout + search.stderr
        let items = text.split(separator: "\n").filter { $0.hasPrefix("[/") }
        #expect(items.count == 1, "\(text)")
        let secrets = text.split(separator: "\n").filter { $0.hasPrefix("secret = ") }
        #expect(secrets.count == 1)
        #expect(secrets.first?.hasPrefix("secret = $argon2id$") == true, "\(text)")
        #expect(!text.contains(Self.right))
        #expect(text.contains("label = AppLock passcode for \(Self.notes)"))
        #expect(text.contains("attribute.kind = numeric"))

        let again = harness.dbusSend("SetPasscode", ["string:\(Self.notes)", "string:\(Self.other)", "string:alphanumeric"])
        #expect(again.stderr.contains(Self.error + "PasscodeExists"), "\(again.stderr)")
        let invalid = harness.dbusSend("SetPasscode", ["string:\(Self.mail)", "string:12a4", "string:four-digit"])
        #expect(invalid.stderr.contains(Self.error + "InvalidPasscode"), "\(invalid.stderr)")

        let app = try harness.client()
        _ = try app.register(Self.notes)
        #expect(try app.state(Self.notes) == "locked")
        #expect(try app.appProperty(Self.notes, "Reason").stringValue == "launch")
        #expect(try app.appProperty(Self.notes, "HasPasscode").boolValue == true)
        #expect(try app.appProperty(Self.notes, "PasscodeKind").stringValue == "numeric")
        #expect(try app.appProperty(Self.notes, "FailedAttempts").uint32Value == 0)
        #expect(try app.appProperty(Self.notes, "RetryAfter").uint64Value == 0)

        app.watchStateChanged(of: Self.notes)
        try app.call("Unlock", [.string(Self.notes), .string(Self.right)])
        let unlocked = try #require(try app.nextStateChange(of: Self.notes))
        #expect(unlocked.state == "unlocked")
        #expect(unlocked.reason == "unlock")
        try app.call("Lock", [.string(Self.notes)])
        let locked = try #require(try app.nextStateChange(of: Self.notes))
        #expect(locked.state == "locked", "Lock of an app with a passcode locks it, not obscures")
        #expect(locked.reason == "manual")
        Self.expectLogClean(harness, [Self.right, Self.other])
    }

    @Test("wrong passcodes count down, then lock out; RetryAfter is set and survives SIGKILL and a restart")
    func wrongPasscodesLockOutAcrossRestart() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        _ = try app.register(Self.notes)

        for left in [4, 3, 2, 1, 0] {
            let answer = Self.failure(app, "Unlock", [.string(Self.notes), .string(Self.wrong)])
            #expect(answer?.name == Self.error + "WrongPasscode")
            #expect(answer?.message.contains("\(left) attempt") == true, "\(answer?.message ?? "")")
        }
        let before = Date()
        let lockedOut = Self.failure(app, "Unlock", [.string(Self.notes), .string(Self.wrong)])
        #expect(lockedOut?.name == Self.error + "LockedOut")
        #expect(lockedOut?.message.contains("60 seconds") == true, "\(lockedOut?.message ?? "")")
        let retryAfter = try #require(try app.appProperty(Self.notes, "RetryAfter").uint64Value)
        let expected = UInt64((before.timeIntervalSince1970 + 60) * 1_000_000)
        #expect(retryAfter > expected - 5_000_000 && retryAfter < expected + 5_000_000)
        #expect(try app.appProperty(Self.notes, "FailedAttempts").uint32Value == 6)

        // Refused before the stored hash is fetched or Argon2id runs: with the keyring stopped the answer is still
        // LockedOut, not StoreUnavailable.
        try harness.environment.stopKeyring()
        let refused = Self.failure(app, "Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(refused?.name == Self.error + "LockedOut", "even the right passcode waits: \(refused?.description ?? "unlocked")")
        #expect(try app.appProperty(Self.notes, "FailedAttempts").uint32Value == 6, "a refused attempt is not counted")
        try harness.environment.startKeyring()

        harness.agent.kill(SIGKILL)
        #expect(harness.agent.waitForExit() != nil)
        try harness.agent.restart()
        try harness.agent.waitUntilServing(timeout: .seconds(20))
        #expect(try app.state(Self.notes) == "locked")
        #expect(try app.appProperty(Self.notes, "Reason").stringValue == "launch")
        #expect(try app.appProperty(Self.notes, "FailedAttempts").uint32Value == 6)
        #expect(try app.appProperty(Self.notes, "RetryAfter").uint64Value == retryAfter)
        let afterRestart = Self.failure(app, "Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(afterRestart?.name == Self.error + "LockedOut")
        _ = try app.register(Self.notes)
        #expect(try app.state(Self.notes) == "locked")
        Self.expectLogClean(harness, [Self.right, Self.wrong])
    }

    @Test("a locked or stopped keyring answers StoreUnavailable (not a timed-out call) and unlocks nothing; the old passcode works after")
    func keyringUnavailable() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        _ = try app.register(Self.notes)
        #expect(try app.state(Self.notes) == "locked")

        try harness.environment.lockKeyring()
        try Self.expectStoreUnavailable(app)
        let set = Self.failure(app, "SetPasscode", [.string(Self.mail), .string(Self.other), .string("alphanumeric")])
        #expect(set?.name == Self.error + "StoreUnavailable")
        try harness.environment.unlockKeyring()
        try app.call("Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(try app.state(Self.notes) == "unlocked")

        try app.call("Lock", [.string(Self.notes)])
        try harness.environment.stopKeyring()
        try Self.expectStoreUnavailable(app)
        try harness.environment.startKeyring()
        try app.call("Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(try app.state(Self.notes) == "unlocked")
        Self.expectLogClean(harness, [Self.right, Self.wrong, Self.other])
    }

    @Test("ChangePasscode with the right old one: only the new unlocks; with a wrong one: a counted failure")
    func changePasscode() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        _ = try app.register(Self.notes)

        let wrongOld = Self.failure(app, "ChangePasscode",
                                    [.string(Self.notes), .string(Self.wrong), .string(Self.other), .string("alphanumeric")])
        #expect(wrongOld?.name == Self.error + "WrongPasscode")
        #expect(try app.appProperty(Self.notes, "FailedAttempts").uint32Value == 1)
        let invalidNew = Self.failure(app, "ChangePasscode",
                                      [.string(Self.notes), .string(Self.right), .string("12"), .string("numeric")])
        #expect(invalidNew?.name == Self.error + "InvalidPasscode")
        try app.call("Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(try app.appProperty(Self.notes, "FailedAttempts").uint32Value == 0, "a good passcode resets the count")
        #expect(try app.state(Self.notes) == "unlocked")

        try app.call("ChangePasscode", [.string(Self.notes), .string(Self.right), .string(Self.other), .string("alphanumeric")])
        #expect(try app.appProperty(Self.notes, "PasscodeKind").stringValue == "alphanumeric")
        let search = harness.environment.run(["secret-tool", "search", "--all", "app-id", Self.notes])
        #expect(search.stdout.split(separator: "\n").filter { $0.hasPrefix("[/") }.count == 1, "\(search.stdout)")
        #expect((search.stdout + search.stderr).contains("attribute.kind = alphanumeric"))

        try app.call("Lock", [.string(Self.notes)])
        let old = Self.failure(app, "Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(old?.name == Self.error + "WrongPasscode", "the old passcode no longer unlocks")
        #expect(try app.state(Self.notes) == "locked")
        try app.call("Unlock", [.string(Self.notes), .string(Self.other)])
        #expect(try app.state(Self.notes) == "unlocked")
        Self.expectLogClean(harness, [Self.right, Self.wrong, Self.other])
    }

    @Test("RemovePasscode: a wrong passcode counts; the right one deletes the item and unlocks")
    func removePasscode() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.other), .string("alphanumeric")])
        _ = try app.register(Self.notes)
        app.watchStateChanged(of: Self.notes)

        let wrong = Self.failure(app, "RemovePasscode", [.string(Self.notes), .string(Self.wrong)])
        #expect(wrong?.name == Self.error + "WrongPasscode")
        #expect(try app.appProperty(Self.notes, "FailedAttempts").uint32Value == 1)
        #expect(try app.appProperty(Self.notes, "HasPasscode").boolValue == true)

        try app.call("RemovePasscode", [.string(Self.notes), .string(Self.other)])
        let change = try #require(try app.nextStateChange(of: Self.notes))
        #expect(change.state == "unlocked")
        #expect(try app.appProperty(Self.notes, "HasPasscode").boolValue == false)
        #expect(try app.appProperty(Self.notes, "FailedAttempts").uint32Value == 0)
        let search = harness.environment.run(["secret-tool", "search", "--all", "app-id", Self.notes])
        #expect(!search.stdout.contains("[/"), "\(search.stdout)")
        #expect(Self.failure(app, "Unlock", [.string(Self.notes), .string(Self.other)])?.name == Self.error + "NoPasscode")
        try app.call("Lock", [.string(Self.notes)])
        #expect(try app.state(Self.notes) == "obscured", "without a passcode Lock only obscures")
        Self.expectLogClean(harness, [Self.wrong, Self.other])
    }

    @Test("two Unlock calls for one app at once: two failures counted, or one unlock")
    func concurrentUnlocks() throws {
        let harness = try AgentHarness()
        let first = try harness.client()
        let second = try harness.client()
        try first.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        _ = try first.register(Self.notes)

        let wrongAnswers = try Self.together([first, second], "Unlock", [.string(Self.notes), .string(Self.wrong)])
        #expect(wrongAnswers.allSatisfy { $0?.name == Self.error + "WrongPasscode" }, "\(wrongAnswers)")
        let messages = Set(wrongAnswers.compactMap { $0?.message })
        #expect(messages.count == 2, "each attempt counted on its own: \(messages)")
        #expect(try first.appProperty(Self.notes, "FailedAttempts").uint32Value == 2)

        first.watchStateChanged(of: Self.notes)
        let rightAnswers = try Self.together([first, second], "Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(rightAnswers.allSatisfy { $0 == nil }, "\(rightAnswers)")
        let unlocked = try #require(try first.nextStateChange(of: Self.notes))
        #expect(unlocked.state == "unlocked")
        #expect(try first.nextStateChange(of: Self.notes, timeout: .milliseconds(500)) == nil, "unlocked once")
        #expect(try first.appProperty(Self.notes, "FailedAttempts").uint32Value == 0)
        Self.expectLogClean(harness, [Self.right, Self.wrong])
    }

    @Test("a Lock that arrives while an Unlock is verified wins: Interrupted, and the app stays locked")
    func lockDuringVerification() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        _ = try app.register(Self.notes)

        // Same connection: the agent receives the Unlock, then the Lock, while Argon2id runs (> 100 ms).
        let pending = Self.send(app, "Unlock", [.string(Self.notes), .string(Self.right)])
        try app.call("Lock", [.string(Self.notes)])
        let answer = try Self.wait(for: pending, on: app)
        #expect(answer?.name == Self.error + "Interrupted", "\(answer?.description ?? "unlocked")")
        #expect(try app.state(Self.notes) == "locked")
        #expect(try app.appProperty(Self.notes, "FailedAttempts").uint32Value == 0)
        try app.call("Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(try app.state(Self.notes) == "unlocked")
        Self.expectLogClean(harness, [Self.right])
    }

    @Test("apps that register while the store cannot be listed never come up unlocked")
    func failClosedWithoutInventory() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        let plain = "org.example.Plain"
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        try app.call("SetPasscode", [.string(Self.mail), .string(Self.other), .string("alphanumeric")])

        harness.agent.terminate()
        try harness.environment.lockKeyring()
        try harness.agent.restart()
        try harness.agent.waitUntilServing(timeout: .seconds(20))
        #expect(harness.agent.logText().contains("cannot list stored passcodes"))
        _ = try app.register(Self.notes)
        #expect(try app.state(Self.notes) == "locked", "the passcode records name it: it registers locked without the store")
        #expect(try app.appProperty(Self.notes, "Reason").stringValue == "launch")
        #expect(Self.failure(app, "RegisterApplication", [.string(plain)])?.name == Self.error + "StoreUnavailable",
                "without the store the agent cannot tell an app it has no record of")

        try harness.environment.unlockKeyring()
        _ = try app.register(plain)
        #expect(try app.state(plain) == "unlocked")
        #expect(waitUntil(timeout: .seconds(10)) {
            Self.failure(app, "GetApplication", [.string(Self.mail)]) == nil
        }, "once the store answers it is listed again, so unregistered apps with a passcode are known")
        try app.call("Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(try app.state(Self.notes) == "unlocked")

        harness.agent.terminate()
        try harness.environment.stopKeyring()
        try harness.agent.restart()
        try harness.agent.waitUntilServing(timeout: .seconds(20))
        let other = try harness.client()
        _ = try other.register(Self.mail)
        #expect(try other.state(Self.mail) == "locked")
        #expect(Self.failure(other, "RegisterApplication", [.string("org.example.Stranger")])?.name == Self.error + "StoreUnavailable")
        try harness.environment.startKeyring()
        Self.expectLogClean(harness, [Self.right, Self.other])
    }

    @Test("a keyring item removed or replaced behind AppLock's back fails closed: PasscodeTampered, the app stays locked, across a restart, until the original item is back")
    func tamperedKeyringItemKeepsTheAppLocked() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        try app.call("SetPasscode", [.string(Self.mail), .string(Self.other), .string("alphanumeric")])
        _ = try app.register(Self.notes)
        #expect(try app.state(Self.notes) == "locked")
        let original = harness.environment.run(["secret-tool", "lookup", "app-id", Self.notes]).stdout
        let mailHash = harness.environment.run(["secret-tool", "lookup", "app-id", Self.mail]).stdout
        #expect(original.hasPrefix("$argon2id$") && mailHash.hasPrefix("$argon2id$"), "\(original) \(mailHash)")

        let cleared = harness.environment.run(["secret-tool", "clear", "app-id", Self.notes])
        #expect(cleared.succeeded, "\(cleared.stderr)")
        let removed = Self.failure(app, "Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(removed?.name == Self.error + "PasscodeTampered", "\(removed?.description ?? "unlocked")")
        #expect(try app.state(Self.notes) == "locked")
        #expect(try app.appProperty(Self.notes, "HasPasscode").boolValue == true)
        #expect(waitUntil(timeout: .seconds(10)) {
            harness.agent.logText().contains("the notification about a tampered passcode was not shown")
        },
                "no notification server: the answer is the same, and the log says so")
        #expect(Self.failure(app, "RemovePasscode", [.string(Self.notes), .string(Self.right)])?.name
            == Self.error + "PasscodeTampered")
        #expect(Self.failure(app, "SetPasscode", [.string(Self.notes), .string(Self.wrong), .string("numeric")])?.name
            == Self.error + "PasscodeExists", "a new passcode cannot be set over a tampered one")

        try Self.storeItem(harness, Self.notes, kind: "alphanumeric", hash: mailHash)
        // Mail's passcode does not fit Notes' kind (numeric): refused by its shape, before the keyring is read.
        let mails = Self.failure(app, "Unlock", [.string(Self.notes), .string(Self.other)])
        #expect(mails?.name == Self.error + "InvalidPasscode", "\(mails?.description ?? "unlocked")")
        let copied = Self.failure(app, "Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(copied?.name == Self.error + "PasscodeTampered", "another app's hash copied over: \(copied?.description ?? "unlocked")")
        #expect(try app.state(Self.notes) == "locked")

        #expect(harness.environment.run(["secret-tool", "clear", "app-id", Self.notes]).succeeded)
        try harness.agent.restart()
        try harness.agent.waitUntilServing(timeout: .seconds(20))
        let again = try harness.client()
        _ = try again.register(Self.notes)
        #expect(try again.state(Self.notes) == "locked", "a restart does not forget that the app has a passcode")
        #expect(Self.failure(again, "Unlock", [.string(Self.notes), .string(Self.right)])?.name == Self.error + "PasscodeTampered")
        #expect(harness.agent.logText().contains("the keyring item of a passcode is gone"))

        try Self.storeItem(harness, Self.notes, kind: "numeric", hash: original)
        try again.call("Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(try again.state(Self.notes) == "unlocked", "the original item put back clears it")
        Self.expectLogClean(harness, [Self.right, Self.other, Self.wrong])
    }

    @Test("a tampered passcode item is told by one desktop notification per episode, naming the app by its desktop entry's name and what to do (the command with its id), never the passcode or hash")
    func tamperedKeyringItemIsNotifiedOncePerEpisode() throws {
        let harness = try AgentHarness()
        let applications = harness.environment.dataHome.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nName=Notes\nExec=true\n".write(
            to: applications.appendingPathComponent("\(Self.notes).desktop"), atomically: true, encoding: .utf8)
        try harness.environment.startNotificationServer()
        let probe = GuardStatusProbe(environment: harness.environment)
        let app = try harness.client()
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        _ = try app.register(Self.notes)
        let original = harness.environment.run(["secret-tool", "lookup", "app-id", Self.notes]).stdout
        #expect(original.hasPrefix("$argon2id$"), "\(original)")
        #expect(try probe.notifications().isEmpty)

        #expect(harness.environment.run(["secret-tool", "clear", "app-id", Self.notes]).succeeded)
        #expect(Self.failure(app, "Unlock", [.string(Self.notes), .string(Self.right)])?.name == Self.error + "PasscodeTampered")
        let told = probe.waitForNotifications(1)
        #expect(told.count == 1, "\(told)")
        let notification = try #require(told.first)
        #expect(notification.summary == "The passcode of Notes was tampered with", "\(notification)")
        #expect(notification.body.contains("so Notes stays locked"), "\(notification)")
        #expect(notification.body.contains("applockctl reset-passcode \(Self.notes)"), "\(notification)")
        #expect(notification.body.contains("original keyring item back"), "\(notification)")
        for secret in [Self.right, "$argon2id$", original] {
            #expect(!notification.summary.contains(secret) && !notification.body.contains(secret))
        }

        #expect(Self.failure(app, "Unlock", [.string(Self.notes), .string(Self.wrong)])?.name == Self.error + "PasscodeTampered")
        #expect(try probe.notifications().count == 1, "a tampered app answered again is not told again")

        try Self.storeItem(harness, Self.notes, kind: "numeric", hash: original)
        try app.call("Unlock", [.string(Self.notes), .string(Self.right)])
        try app.call("Lock", [.string(Self.notes)])
        #expect(harness.environment.run(["secret-tool", "clear", "app-id", Self.notes]).succeeded)
        #expect(Self.failure(app, "Unlock", [.string(Self.notes), .string(Self.right)])?.name == Self.error + "PasscodeTampered")
        #expect(probe.waitForNotifications(2).count == 2, "once the original item verified, a new tampering is told again")
        Self.expectLogClean(harness, [Self.right, Self.wrong])
    }

    @Test("a weakening written into an app's policy file is held until its passcode confirms it; a strengthening applies at once")
    func handEditedWeakeningIsHeld() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        try app.call("SetPasscode", [.string(Self.mail), .string(Self.other), .string("alphanumeric")])
        _ = try app.register(Self.notes)
        try harness.environment.writeAppPolicy(
            Self.notes, "MaxFailedAttempts=1000\nLockoutSchedule=0\nGracePeriod=86400\nObscureInBackground=true\n")
        try harness.environment.writeAppPolicy(Self.mail, "GracePeriod=86400\n")
        harness.agent.kill(SIGHUP)

        #expect(waitUntil(timeout: .seconds(10)) { Self.held(app)[Self.notes] != nil })
        #expect(Self.held(app) == [Self.notes: ["GracePeriod", "MaxFailedAttempts", "LockoutSchedule"], Self.mail: ["GracePeriod"]])
        #expect(try app.policy(Self.notes, "MaxFailedAttempts")?.uint32Value == 5)
        #expect(try app.policy(Self.notes, "GracePeriod")?.uint32Value == 60)
        #expect(try app.policy(Self.notes, "ObscureInBackground")?.boolValue == true, "the strengthening applies at once")

        let wrongConfirm = Self.failure(app, "ConfirmPolicy", [.string(Self.notes), .string(Self.wrong)])
        #expect(wrongConfirm?.name == Self.error + "WrongPasscode")
        for _ in 0..<4 { #expect(app.unlock(Self.notes, Self.wrong) == "WrongPasscode") }
        #expect(app.unlock(Self.notes, Self.wrong) == "LockedOut", "the held MaxFailedAttempts=5 still counts")

        try harness.agent.restart()
        try harness.agent.waitUntilServing(timeout: .seconds(20))
        let again = try harness.client()
        #expect(Self.held(again)[Self.notes] == ["GracePeriod", "MaxFailedAttempts", "LockoutSchedule"], "held across a restart")

        try again.call("ConfirmPolicy", [.string(Self.mail), .string(Self.other)])
        #expect(try again.policy(Self.mail, "GracePeriod")?.uint32Value == 86400)
        #expect(Self.held(again)[Self.mail] == nil)
        Self.expectLogClean(harness, [Self.right, Self.wrong, Self.other])
    }

    @Test("an authenticated policy edited or deleted on disk lets no weakening through after a restart; the passcode verifies a genuine one")
    func forgedAuthenticatedPolicyIsNotTrusted() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        func write(_ policy: String, for id: String) throws { try harness.environment.writeAppPolicy(id, policy) }
        _ = try app.register(Self.notes)
        try write("MaxFailedAttempts=3\n", for: Self.notes)
        harness.agent.kill(SIGHUP)
        #expect(waitUntil(timeout: .seconds(10)) { (try? app.policy(Self.notes, "MaxFailedAttempts")?.uint32Value) == 3 })
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        try app.call("SetPasscode", [.string(Self.mail), .string(Self.other), .string("alphanumeric")])
        try write("MaxFailedAttempts=3\nGracePeriod=600\n", for: Self.notes)
        harness.agent.kill(SIGHUP)
        #expect(waitUntil(timeout: .seconds(10)) { Self.held(app)[Self.notes] == ["GracePeriod"] })
        try app.call("ConfirmPolicy", [.string(Self.notes), .string(Self.right)])
        #expect(try app.policy(Self.notes, "GracePeriod")?.uint32Value == 600)

        let stored = harness.environment.stateHome.appendingPathComponent("applock/policies/\(Self.notes).conf")
        let sealed = try String(contentsOf: stored, encoding: .utf8)
        #expect(sealed.contains("\n# seal 1 ") && sealed.contains("GracePeriod=600\n"), "\(sealed)")

        // The genuine policy after a restart: held until the passcode verifies it, then it applies.
        try harness.agent.restart()
        try harness.agent.waitUntilServing(timeout: .seconds(20))
        let restarted = try harness.client()
        _ = try restarted.register(Self.notes)
        #expect(Self.held(restarted)[Self.notes] == ["GracePeriod"], "not verified yet: the defaults' GracePeriod")
        #expect(try restarted.policy(Self.notes, "GracePeriod")?.uint32Value == 60)
        try restarted.call("Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(Self.held(restarted)[Self.notes] == nil)
        #expect(try restarted.policy(Self.notes, "GracePeriod")?.uint32Value == 600, "verified by the passcode")

        // Forged: the file edited to the weakening (seal kept), the agent restarted, the same weakening in the files.
        let forgedText = sealed.replacingOccurrences(of: "MaxFailedAttempts=3", with: "MaxFailedAttempts=1000")
            .replacingOccurrences(of: "GracePeriod=600", with: "GracePeriod=86400")
            .replacingOccurrences(of: "LockOnSuspend=true", with: "LockOnSuspend=false")
        #expect(forgedText != sealed)
        try forgedText.write(to: stored, atomically: true, encoding: .utf8)
        let mailStored = harness.environment.stateHome.appendingPathComponent("applock/policies/\(Self.mail).conf")
        try FileManager.default.removeItem(at: mailStored)
        try harness.agent.restart()
        try harness.agent.waitUntilServing(timeout: .seconds(20))
        let forged = try harness.client()
        _ = try forged.register(Self.notes)
        try write("MaxFailedAttempts=1000\nGracePeriod=86400\nLockOnSuspend=false\n", for: Self.notes)
        try write("GracePeriod=86400\n", for: Self.mail)
        harness.agent.kill(SIGHUP)
        #expect(waitUntil(timeout: .seconds(10)) { Self.held(forged)[Self.mail] != nil })
        #expect(Self.held(forged) == [Self.notes: ["LockOnSuspend", "GracePeriod", "MaxFailedAttempts"], Self.mail: ["GracePeriod"]])
        #expect(try forged.policy(Self.notes, "MaxFailedAttempts")?.uint32Value == 3, "the files at the start count too")
        #expect(try forged.policy(Self.notes, "GracePeriod")?.uint32Value == 60)
        #expect(try forged.policy(Self.notes, "LockOnSuspend")?.boolValue == true)

        // The passcode finds the seal broken: the stricter policy stays authenticated, and the weakening held.
        try forged.call("Unlock", [.string(Self.notes), .string(Self.right)])
        #expect(try forged.state(Self.notes) == "unlocked")
        #expect(Self.held(forged)[Self.notes] == ["LockOnSuspend", "GracePeriod", "MaxFailedAttempts"])
        #expect(try forged.policy(Self.notes, "MaxFailedAttempts")?.uint32Value == 3)
        #expect(harness.agent.logText().contains("was not sealed with this passcode"))
        // The legitimate way still works: the passcode confirms the change.
        try forged.call("ConfirmPolicy", [.string(Self.notes), .string(Self.right)])
        #expect(Self.held(forged)[Self.notes] == nil)
        #expect(try forged.policy(Self.notes, "MaxFailedAttempts")?.uint32Value == 1000)
        try forged.call("ConfirmPolicy", [.string(Self.mail), .string(Self.other)])
        #expect(try forged.policy(Self.mail, "GracePeriod")?.uint32Value == 86400)

        // A new passcode seals it again: after a restart, the new passcode verifies it.
        let renewed = "31415926"
        try forged.call("ChangePasscode", [.string(Self.notes), .string(Self.right), .string(renewed), .string("numeric")])
        try harness.agent.restart()
        try harness.agent.waitUntilServing(timeout: .seconds(20))
        let changed = try harness.client()
        _ = try changed.register(Self.notes)
        #expect(Self.held(changed)[Self.notes] == ["LockOnSuspend", "GracePeriod", "MaxFailedAttempts"])
        try changed.call("Unlock", [.string(Self.notes), .string(renewed)])
        #expect(Self.held(changed)[Self.notes] == nil, "verified with the new passcode")
        #expect(try changed.policy(Self.notes, "MaxFailedAttempts")?.uint32Value == 1000)
        Self.expectLogClean(harness, [Self.right, Self.other, renewed])
        for file in [stored, mailStored] {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains(Self.right) && !text.contains(Self.other) && !text.contains(renewed))
        }
    }

    /// `GetHeldPolicyChanges`, as app id → keys.
    static func held(_ app: AgentClient) -> [String: [String]] {
        guard let rows = try? app.call("GetHeldPolicyChanges").first?.arrayValue else { return [:] }
        var held: [String: [String]] = [:]
        for row in rows {
            guard let fields = row.structureValue, fields.count == 2, let id = fields[0].stringValue,
                  let keys = fields[1].arrayValue?.compactMap(\.stringValue) else { continue }
            held[id] = keys
        }
        return held
    }

    @Test("with LockOnLaunch=false, a locked app that closes and registers again is still locked")
    func lockedAppStaysLockedAcrossReRegistration() throws {
        let harness = try AgentHarness()
        let folder = harness.environment.configHome.appendingPathComponent("applock")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "[Policy]\nLockOnLaunch=false\n".write(to: folder.appendingPathComponent("applock.conf"), atomically: true, encoding: .utf8)
        harness.agent.kill(SIGHUP)
        let app = try harness.client()
        try app.call("SetPasscode", [.string(Self.notes), .string(Self.right), .string("numeric")])
        #expect(waitUntil(timeout: .seconds(10)) { (try? app.policy(Self.notes, "LockOnLaunch")?.boolValue) == false })
        _ = try app.register(Self.notes)
        #expect(try app.state(Self.notes) == "unlocked")
        try app.call("Lock", [.string(Self.notes)])
        try app.call("UnregisterApplication", [.string(Self.notes)])
        _ = try app.register(Self.notes)
        #expect(try app.state(Self.notes) == "locked", "closing and reopening is no way around the lock")
        try app.call("Unlock", [.string(Self.notes), .string(Self.right)])
        try app.call("UnregisterApplication", [.string(Self.notes)])
        _ = try app.register(Self.notes)
        #expect(try app.state(Self.notes) == "unlocked", "an unlocked app reopens unlocked, as LockOnLaunch=false asks")
    }

    /// Writes a passcode item with `secret-tool`, as a person at the keyboard could, under AppLock's schema.
    static func storeItem(_ harness: AgentHarness, _ app: String, kind: String, hash: String) throws {
        let stored = harness.environment.run(
            ["secret-tool", "store", "--label=AppLock passcode for \(app)", "xdg:schema", "io.github.applock.Passcode",
             "app-id", app, "kind", kind],
            input: hash)
        #expect(stored.succeeded, "\(stored.stderr)")
    }

    @Test("while 8 clients send wrong passcodes as fast as they can, another app's every Lock is answered by its StateChanged and every attempt is verified")
    func lockLatencyUnderPasscodeFlood() throws {
        let environment = try TestEnvironment()
        let floods = (1...8).map { "org.example.Flood\($0)" }
        for flood in floods {
            // No lock-out, so that every attempt really runs Argon2id.
            try environment.writeAppPolicy(flood, "MaxFailedAttempts=1000000\n")
        }
        let harness = try AgentHarness(environment: environment)
        let probe = try harness.client()
        let probeApp = "org.example.Probe"
        _ = try probe.register(probeApp)
        probe.watchStateChanged(of: probeApp)
        for flood in floods {
            try probe.call("SetPasscode", [.string(flood), .string(Self.other), .string("alphanumeric")])
        }
        #expect(try probe.policy(floods[0], "MaxFailedAttempts")?.uint32Value == 1_000_000)

        for _ in 0..<10 { try Self.lockAndRestore(probe, probeApp) }
        let flood = Flood()
        for app in floods {
            let thread = Thread { [environment] in
                defer { flood.finished() }
                guard let client = try? AgentClient(environment) else { return }
                while !flood.stopped {
                    flood.record(Self.failure(client, "Unlock", [.string(app), .string(Self.wrong)])?.name ?? "success")
                }
                client.close()
            }
            thread.start()
        }
        #expect(waitUntil(timeout: .seconds(60)) { flood.total >= 16 }, "the flood got going")
        // At least 100 rounds, and on until the flood has had more attempts verified meanwhile: the Locks were
        // answered while Argon2id kept both workers busy. How long each took is applock-bench's flood row.
        let before = flood.total
        var rounds = 0
        let overlapped = try waitUntil(timeout: .seconds(120), pollEvery: .zero) {
            try Self.lockAndRestore(probe, probeApp)
            rounds += 1
            return rounds >= 100 && flood.total - before > 4
        }
        flood.stop()
        #expect(waitUntil(timeout: .seconds(30)) { flood.done == floods.count })
        #expect(overlapped, "\(rounds) Locks, \(flood.total - before) attempts verified meanwhile")
        #expect(Set(flood.answers.keys) == [Self.error + "WrongPasscode"], "\(flood.answers)")
        Self.expectLogClean(harness, [Self.other, Self.wrong])
    }

    /// Locks `app` (it has no passcode: obscured) and waits for its StateChanged, then brings it back to the
    /// foreground and waits for `unlocked`.
    private static func lockAndRestore(_ client: AgentClient, _ app: String) throws {
        try client.call("Lock", [.string(app)])
        #expect(try client.nextStateChange(of: app)?.state == "obscured")
        try client.call("ReportActivity", [.string(app), .string("foreground")])
        #expect(try client.nextStateChange(of: app)?.state == "unlocked")
    }

    private static func expectStoreUnavailable(_ app: AgentClient) throws {
        // An answer, not the client's own call deadline (a NoReply): how soon it comes is applock-bench's business.
        for passcode in [right, wrong] {
            let answer = failure(app, "Unlock", [.string(notes), .string(passcode)])
            #expect(answer?.name == error + "StoreUnavailable", "\(answer?.description ?? "unlocked")")
        }
        #expect(try app.state(notes) == "locked")
        #expect(try app.appProperty(notes, "FailedAttempts").uint32Value == 0, "an unavailable store counts nothing")
    }

    // MARK: - Helpers

    /// The error a manager call answers with, or nil when it succeeds.
    static func failure(_ app: AgentClient, _ member: String, _ arguments: [DBusValue]) -> DBusError? {
        do {
            try app.call(member, arguments)
            return nil
        } catch let error as DBusError {
            return error
        } catch {
            return DBusError(name: "unexpected", message: "\(error)")
        }
    }

    /// The flood threads' shared tally.
    final class Flood: @unchecked Sendable {
        private let lock = NSLock()
        private var stopFlag = false
        private var finishedCount = 0
        private var counts: [String: Int] = [:]

        var stopped: Bool { lock.withLock { stopFlag } }
        var done: Int { lock.withLock { finishedCount } }
        var total: Int { lock.withLock { counts.values.reduce(0, +) } }
        var answers: [String: Int] { lock.withLock { counts } }
        func stop() { lock.withLock { stopFlag = true } }
        func finished() { lock.withLock { finishedCount += 1 } }
        func record(_ answer: String) { lock.withLock { counts[answer, default: 0] += 1 } }
    }

    /// One reply slot of an asynchronous call.
    final class Reply {
        var answer: DBusError??
    }

    /// Sends a manager call without waiting; the reply lands in the returned slot while events are processed.
    static func send(_ app: AgentClient, _ member: String, _ arguments: [DBusValue]) -> Reply {
        let slot = Reply()
        let message = try! Message.methodCall(
            destination: AgentClient.bus, path: AgentClient.managerPath, interface: AgentClient.manager, member: member,
            arguments: arguments
        )
        app.connection.call(message, timeout: .seconds(10)) { result in
            switch result {
            case .success(let reply): slot.answer = .some(reply.error)
            case .failure(let error): slot.answer = .some(error)
            }
        }
        app.connection.flush()
        return slot
    }

    /// Processes `app`'s events until `slot` holds the reply; returns its error (nil: success).
    static func wait(for slot: Reply, on app: AgentClient) throws -> DBusError? {
        let deadline = ContinuousClock.now + .seconds(15)
        while slot.answer == nil && ContinuousClock.now < deadline {
            try app.connection.processEvents(timeout: .milliseconds(50))
        }
        return try #require(slot.answer)
    }

    /// Sends the same call from every client at once and collects the answers.
    static func together(_ clients: [AgentClient], _ member: String, _ arguments: [DBusValue]) throws -> [DBusError?] {
        let slots = clients.map { send($0, member, arguments) }
        return try zip(slots, clients).map { try wait(for: $0, on: $1) }
    }

    static func expectLogClean(_ harness: AgentHarness, _ passcodes: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let log = harness.agent.logText()
        #expect(!log.isEmpty, sourceLocation: sourceLocation)
        for passcode in passcodes {
            #expect(!log.contains(passcode), "the agent's log contains a passcode", sourceLocation: sourceLocation)
        }
    }
}
