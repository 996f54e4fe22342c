import AppLockCore
import AppLockProtocol
import AppLockTestSupport
import Foundation
import Glibc
import SecretServiceStore
import SodiumHasher
import Testing

@Suite("Secret Service passcode store (real gnome-keyring on a private bus)", .serialized)
struct SecretServicePasscodeStoreTests {
    let hasher = Argon2idHasher()

    private func hash(_ passcode: String) throws -> String {
        try hasher.hash(try SecretBytes(passcode))
    }

    @Test("store, lookup, replace, list and remove")
    func roundTrip() throws {
        _ = try SharedKeyring.ready()
        let store = SecretServicePasscodeStore()
        let notes = try AppID("org.example.RoundTrip.Notes")
        let mail = try AppID("org.example.RoundTrip.Mail")
        #expect(try store.lookup(notes) == nil)

        let first = StoredPasscode(encodedHash: try hash("1234"), kind: .fourDigit)
        try store.store(first, for: notes)
        #expect(try store.lookup(notes) == first)

        let second = StoredPasscode(encodedHash: try hash("hunter22"), kind: .alphanumeric)
        try store.store(second, for: notes)
        #expect(try store.lookup(notes) == second)
        try store.store(StoredPasscode(encodedHash: try hash("123456"), kind: .sixDigit), for: mail)

        let apps = try store.storedApps()
        #expect(apps[notes] == .alphanumeric)
        #expect(apps[mail] == .sixDigit)

        try store.remove(notes)
        #expect(try store.lookup(notes) == nil)
        #expect(try store.storedApps()[notes] == nil)
        try store.remove(notes)
        try store.remove(mail)
    }

    @Test("repeated calls leave no connections behind on the bus")
    func noConnectionLeak() throws {
        let environment = try SharedKeyring.ready()
        let store = SecretServicePasscodeStore()
        let app = try AppID("org.example.Repeated")
        try store.store(StoredPasscode(encodedHash: try hash("8642"), kind: .fourDigit), for: app)
        defer { try? store.remove(app) }
        func connections() -> Int {
            environment.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                method: "org.freedesktop.DBus.ListNames"
            ).stdout.components(separatedBy: "':").count
        }
        let before = connections()
        for _ in 0..<20 {
            _ = try store.lookup(app)
        }
        #expect(waitUntil(timeout: .seconds(2)) { connections() <= before })
    }

    @Test("secret-tool shows one item whose secret is the Argon2id hash, not the passcode")
    func visibleWithSecretTool() throws {
        let environment = try SharedKeyring.ready()
        let store = SecretServicePasscodeStore()
        let app = try AppID("org.example.SecretTool")
        let passcode = "583920"
        try store.store(StoredPasscode(encodedHash: try hash("000000"), kind: .sixDigit), for: app)
        try store.store(StoredPasscode(encodedHash: try hash(passcode), kind: .sixDigit), for: app)
        defer { try? store.remove(app) }

        let result = environment.run(["secret-tool", "search", "--all", "app-id", app.rawValue])
        #expect(result.succeeded, "\(result.stderr)")
        let text = result.stdout + result.stderr
        let secrets = text.split(separator: "\n").filter { $0.hasPrefix("secret = ") }
        #expect(secrets.count == 1, "\(text)")
        #expect(secrets.first?.hasPrefix("secret = $argon2id$v=19$m=65536,t=2,p=1$") == true, "\(text)")
        #expect(!text.contains(passcode))
        #expect(text.contains("label = AppLock passcode for \(app.rawValue)"))
        #expect(text.contains("attribute.kind = six-digit"))
        #expect(text.contains("schema = \(SecretServicePasscodeStore.schemaName)"))
    }

    @Test("a locked keyring is unavailable, said at once (not after the store's timeout) and without a prompt; unlocked again, the hash is still there")
    func lockedKeyring() throws {
        let environment = try SharedKeyring.ready()
        let store = SecretServicePasscodeStore()
        let app = try AppID("org.example.Locked")
        let absent = try AppID("org.example.Locked.Absent")
        let stored = StoredPasscode(encodedHash: try hash("2468"), kind: .fourDigit)
        try store.store(stored, for: app)
        try environment.lockKeyring()

        // Each answer names the locked keyring: none waited out the store's timeout (nor a prompt).
        #expect(throws: PasscodeStoreError.unavailable("the keyring is locked")) { try store.lookup(app) }
        #expect(throws: PasscodeStoreError.unavailable("the keyring is locked")) { try store.lookup(absent) }
        #expect(throws: PasscodeStoreError.unavailable("the keyring is locked")) { try store.storedApps() }
        #expect(throws: PasscodeStoreError.unavailable("the keyring is locked")) {
            try store.store(StoredPasscode(encodedHash: try hash("1357"), kind: .fourDigit), for: app)
        }
        #expect(throws: PasscodeStoreError.unavailable("the keyring is locked")) { try store.remove(app) }
        #expect(environment.keyringLocked())

        try environment.unlockKeyring()
        #expect(try store.lookup(app) == stored)
        try store.remove(app)
    }

    @Test("a stopped keyring daemon is unavailable, said at once (not after the store's timeout); restarted, the hash is still there")
    func stoppedKeyring() throws {
        let environment = try SharedKeyring.ready()
        let store = SecretServicePasscodeStore()
        let app = try AppID("org.example.Stopped")
        let stored = StoredPasscode(encodedHash: try hash("97531"), kind: .numeric)
        try store.store(stored, for: app)
        try environment.stopKeyring()

        let answers: [Result<Void, PasscodeStoreError>] = [
            Result { () throws(PasscodeStoreError) in _ = try store.lookup(app) },
            Result { () throws(PasscodeStoreError) in _ = try store.storedApps() },
        ]
        for answer in answers {
            guard case .failure(.unavailable(let reason)) = answer else {
                Issue.record("a stopped keyring answered \(answer)")
                continue
            }
            #expect(!reason.contains("did not answer"), "the bus says at once that nobody serves it: \(reason)")
        }

        try environment.startKeyring()
        #expect(try store.lookup(app) == stored)
        try store.remove(app)
    }

    @Test("a Secret Service that does not answer is unavailable after the store's timeout")
    func unresponsiveService() throws {
        let environment = try SharedKeyring.ready()
        let store = SecretServicePasscodeStore(timeout: .milliseconds(500))
        let app = try AppID("org.example.Frozen")
        let pid = try #require(environment.keyringPID)
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }

        let clock = ContinuousClock()
        let started = clock.now
        #expect(throws: PasscodeStoreError.unavailable("the Secret Service did not answer within 0.5 s")) {
            try store.lookup(app)
        }
        // It gave the service its whole timeout; how long past it the answer came is load, not behaviour.
        #expect(started.duration(to: clock.now) >= .milliseconds(500))
    }
}
