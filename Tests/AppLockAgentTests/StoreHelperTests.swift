import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// applockd reaches the Secret Service only through `applock-store-helper`, one run per request.
@Suite("Store helper") struct StoreHelperTests {
    /// Writes an executable shell script into the environment and returns its path.
    private func script(_ env: TestEnvironment, _ name: String, _ body: String) throws -> String {
        let url = env.root.appendingPathComponent(name)
        try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    @Test("the helper, run by an ordinary user, cannot be traced or dumped: its /proc files belong to root and its core limit is 0; the units set LimitCORE=0")
    func helperMemoryCannotBeReadOut() throws {
        let helper = try AgentProcess.locateExecutable().deletingLastPathComponent().appendingPathComponent("applock-store-helper")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", helper.path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        let proc = "/proc/\(process.processIdentifier)"
        // setpriv drops to nobody, then execs the helper in the same process; once the helper runs, it is hardened
        // when its /proc files change hands to root.
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: proc + "/exe")) == helper.path
        }, "the helper runs")
        func owner() -> Int? { (try? FileManager.default.attributesOfItem(atPath: proc + "/environ"))?[.ownerAccountID] as? Int }
        #expect(waitUntil(timeout: .seconds(10)) { owner() == 0 },
                "a non-dumpable process's /proc files belong to root, not to the user who could trace it: \(owner() ?? -1)")
        let limits = (try? String(contentsOfFile: proc + "/limits", encoding: .utf8)) ?? ""
        let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
        #expect(core?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"], "\(core ?? "")")

        for unit in ["data/applockd.service", "data/applock-guard.service"] {
            let text = try String(contentsOf: PackageFolders.package.appendingPathComponent(unit), encoding: .utf8)
            #expect(text.split(separator: "\n").contains("LimitCORE=0"), "\(unit)")
        }
    }

    @Test("an Unlock is counted on disk before it is verified: the agent killed while the keyring is being asked keeps the failure")
    func attemptIsCountedBeforeVerification() throws {
        let env = try TestEnvironment()
        let real = try AgentProcess.locateExecutable().deletingLastPathComponent().appendingPathComponent("applock-store-helper")
        let hang = env.root.appendingPathComponent("hang")
        let hung = env.root.appendingPathComponent("hung")
        // A keyring that does not answer a look-up while `hang` exists; the hung helper's pid goes to `hung`.
        let wrapper = try script(env, "hanging-helper", """
            read -r line
            if [ "${line%% *}" = lookup ] && [ -e '\(hang.path)' ]; then echo $$ > '\(hung.path)'; exec sleep 600; fi
            printf '%s\\n' "$line" | exec '\(real.path)' "$@"
            """)
        let harness = try AgentHarness(environment: env, extraEnvironment: ["APPLOCK_STORE_HELPER": wrapper])
        let app = try harness.client()
        try app.call("SetPasscode", [.string(PasscodeTests.notes), .string(PasscodeTests.right), .string("numeric")])
        _ = try app.register(PasscodeTests.notes)
        #expect(try app.appProperty(PasscodeTests.notes, "FailedAttempts").uint32Value == 0)

        #expect(FileManager.default.createFile(atPath: hang.path, contents: nil))
        let unlock = try BackgroundCommand([
            "dbus-send", "--session", "--print-reply", "--reply-timeout=60000", "--dest=io.github.applock.AppLock1",
            "/io/github/applock/AppLock1", "io.github.applock.AppLock1.Manager.Unlock",
            "string:\(PasscodeTests.notes)", "string:\(PasscodeTests.wrong)",
        ], in: env)
        #expect(waitUntil(timeout: .seconds(20)) { FileManager.default.fileExists(atPath: hung.path) }, "the look-up started")
        harness.agent.kill(SIGKILL)
        _ = harness.agent.waitForExit()
        if let pid = Int32(((try? String(contentsOf: hung, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGKILL)
        }
        #expect(unlock.result(timeout: .seconds(20))?.succeeded == false, "the caller heard no answer")
        try FileManager.default.removeItem(at: hang)

        try harness.agent.restart()
        try harness.agent.waitUntilServing(timeout: .seconds(20))
        let again = try harness.client()
        #expect(try again.appProperty(PasscodeTests.notes, "FailedAttempts").uint32Value == 1, "the attempt in flight stays counted")
        try again.call("Unlock", [.string(PasscodeTests.notes), .string(PasscodeTests.right)])
        #expect(try again.appProperty(PasscodeTests.notes, "FailedAttempts").uint32Value == 0)
    }

    @Test("only the hash goes to the helper, never the passcode; set and unlock work through it")
    func onlyHashesReachTheHelper() throws {
        let env = try TestEnvironment()
        let real = try AgentProcess.locateExecutable().deletingLastPathComponent().appendingPathComponent("applock-store-helper")
        let requests = env.root.appendingPathComponent("requests.txt")
        let wrapper = try script(env, "tee-helper", "tee -a '\(requests.path)' | '\(real.path)' \"$@\"")
        let harness = try AgentHarness(environment: env, extraEnvironment: ["APPLOCK_STORE_HELPER": wrapper])
        let app = try harness.client()
        try app.call("SetPasscode", [.string(PasscodeTests.notes), .string(PasscodeTests.right), .string("numeric")])
        _ = try app.register(PasscodeTests.notes)
        #expect(try app.state(PasscodeTests.notes) == "locked")
        try app.call("Unlock", [.string(PasscodeTests.notes), .string(PasscodeTests.right)])
        #expect(try app.state(PasscodeTests.notes) == "unlocked")

        let sent = try String(contentsOf: requests, encoding: .utf8)
        #expect(sent.contains("store \(PasscodeTests.notes) numeric $argon2id$"))
        #expect(sent.contains("lookup \(PasscodeTests.notes)"))
        #expect(!sent.contains(PasscodeTests.right))
    }

    @Test("a missing helper answers StoreUnavailable")
    func missingHelper() throws {
        let harness = try AgentHarness(extraEnvironment: ["APPLOCK_STORE_HELPER": "/nonexistent/applock-store-helper"])
        let app = try harness.client()
        let set = PasscodeTests.failure(app, "SetPasscode",
                                        [.string(PasscodeTests.notes), .string(PasscodeTests.right), .string("numeric")])
        #expect(set?.name == PasscodeTests.error + "StoreUnavailable")
    }

    @Test("a helper that never answers is killed and the call answers StoreUnavailable")
    func hungHelperIsKilled() throws {
        let env = try TestEnvironment()
        let pidFile = env.root.appendingPathComponent("helper.pid")
        let hung = try script(env, "hung-helper", "echo $$ > '\(pidFile.path)'; exec sleep 60")
        let harness = try AgentHarness(environment: env, extraEnvironment: ["APPLOCK_STORE_HELPER": hung])
        let app = try harness.client()
        // An answer, not the client's own call deadline (a NoReply): the agent gave up on the helper.
        let set = PasscodeTests.failure(app, "SetPasscode",
                                        [.string(PasscodeTests.notes), .string(PasscodeTests.right), .string("numeric")])
        #expect(set?.name == PasscodeTests.error + "StoreUnavailable")
        let text = try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = try #require(Int32(text))
        #expect(kill(pid, 0) != 0, "the hung helper is still running")
    }
}
