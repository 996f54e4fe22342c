import AppLockTestSupport
import DBusKit
import Foundation
import Testing

extension HostileSuite {
    /// Killed dependencies, killed agents, broken disks and damaged files.
    @Suite("Faults")
    struct FaultTests {
        /// Runs `body` on its own thread; `wait()` returns its result.
        final class Background<T: Sendable>: @unchecked Sendable {
            private let done = DispatchSemaphore(value: 0)
            private var result: T?

            init(_ body: @escaping @Sendable () -> T) {
                Thread.detachNewThread { [self] in
                    result = body()
                    done.signal()
                }
            }

            func wait() -> T {
                done.wait()
                return result!
            }
        }

        /// A random point in the next `milliseconds` (fault injection: the timing is the point, not a wait for an event).
        static func pause(upTo milliseconds: Int) {
            usleep(UInt32(Int.random(in: 0...milliseconds) * 1000))
        }

        @Test("gnome-keyring stopped during SetPasscode: the passcode is either stored and works, or absent")
        func keyringStoppedDuringSetPasscode() throws {
            let harness = try HostileHarness(policy: "LockOnLaunch=true")
            let client = try harness.client()
            let address = harness.environment.sessionBus.address
            var lost = 0
            var wronglyUnlocked = 0
            var faults = 0
            for round in 0..<4 {
                let app = "org.example.KeySet\(round)"
                let passcode = "Ks\(round)-hostile-set-PASS"
                try client.register(app)
                let call = Background { () -> String in
                    guard let connection = try? AgentClient(address: address) else { return "no connection" }
                    return connection.outcome("SetPasscode", [.string(app), .string(passcode), .string("alphanumeric")])
                }
                Self.pause(upTo: 400)
                try harness.environment.stopKeyring()
                faults += 1
                let answer = call.wait()
                #expect(["", "StoreUnavailable"].contains(answer), "SetPasscode answered \(answer)")
                try harness.environment.startKeyring()
                // Whatever the answer, the store and the agent agree once the keyring is back: setting the same
                // passcode again either succeeds (nothing was stored) or says it exists; then it locks and unlocks.
                let again = client.outcome("SetPasscode", [.string(app), .string(passcode), .string("alphanumeric")])
                if answer == "" && again != "PasscodeExists" { lost += 1 }
                #expect(["", "PasscodeExists"].contains(again), "SetPasscode again answered \(again)")
                try client.call("Lock", [.string(app)])
                if try client.state(app) != "locked" { wronglyUnlocked += 1 }
                if client.unlock(app, passcode) != "" { lost += 1 }
            }
            #expect(lost == 0)
            #expect(wronglyUnlocked == 0)
            #expect(harness.agent.isRunning)
            Tally.record(area: "faults", count: faults, lost: lost, wronglyUnlocked: wronglyUnlocked,
                         detail: "\(faults) keyring stops during SetPasscode")
        }

        @Test("gnome-keyring stopped during ChangePasscode: exactly one of the old and the new passcode works")
        func keyringStoppedDuringChangePasscode() throws {
            let harness = try HostileHarness()
            let client = try harness.client()
            let address = harness.environment.sessionBus.address
            var lost = 0
            var wronglyUnlocked = 0
            var faults = 0
            for round in 0..<4 {
                let app = "org.example.KeyChange\(round)"
                let old = "Ko\(round)-hostile-old-PASS"
                let new = "Kn\(round)-hostile-new-PASS"
                try client.register(app)
                try client.call("SetPasscode", [.string(app), .string(old), .string("alphanumeric")])
                let call = Background { () -> String in
                    guard let connection = try? AgentClient(address: address) else { return "no connection" }
                    return connection.outcome("ChangePasscode", [.string(app), .string(old), .string(new), .string("alphanumeric")])
                }
                Self.pause(upTo: 500)
                try harness.environment.stopKeyring()
                faults += 1
                let answer = call.wait()
                #expect(["", "StoreUnavailable"].contains(answer), "ChangePasscode answered \(answer)")
                try harness.environment.startKeyring()
                try client.call("Lock", [.string(app)])
                let oldWorks = client.unlock(app, old) == ""
                try client.call("Lock", [.string(app)])
                let newWorks = client.unlock(app, new) == ""
                if !oldWorks && !newWorks { lost += 1 }
                if oldWorks && newWorks { wronglyUnlocked += 1 }
                if answer == "" && !newWorks { lost += 1 }
                #expect(oldWorks != newWorks, "round \(round): answer \(answer), old works \(oldWorks), new works \(newWorks)")
            }
            #expect(lost == 0)
            #expect(wronglyUnlocked == 0)
            Tally.record(area: "faults", count: faults, lost: lost, wronglyUnlocked: wronglyUnlocked,
                         detail: "\(faults) keyring stops during ChangePasscode")
        }

        @Test("SIGKILL at random points of a workload: apps with a passcode come back locked, counts and lock-outs intact")
        func killedDuringWorkload() throws {
            let counted = "org.example.Counted"
            let lockedOut = "org.example.LockedOut"
            let plain = "org.example.Plain"
            let harness = try HostileHarness(policy: "MaxFailedAttempts=3\nLockoutSchedule=3600") { environment in
                let apps = environment.configHome.appendingPathComponent("applock/apps.d")
                try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
                try "[Policy]\nMaxFailedAttempts=100000\n".write(
                    to: apps.appendingPathComponent("\(counted).conf"), atomically: true, encoding: .utf8)
            }
            let countedPasscode = "Cc-hostile-counted-PASS"
            let lockedOutPasscode = "Lo-hostile-lockedout-PASS"
            let setup = try harness.client()
            try setup.call("SetPasscode", [.string(counted), .string(countedPasscode), .string("alphanumeric")])
            try setup.call("SetPasscode", [.string(lockedOut), .string(lockedOutPasscode), .string("alphanumeric")])
            while setup.unlock(lockedOut, "wrong-guess") != "LockedOut" {}
            let retryAfter = try setup.retryAfter(lockedOut)
            #expect(retryAfter > 0)
            setup.close()

            let address = harness.environment.sessionBus.address
            var acknowledged: UInt32 = 0
            var lost = 0
            var wronglyUnlocked = 0
            var restarts = 0
            var kept: UInt32 = 0
            for _ in 0..<Sizes.restartRounds {
                let workload = Background { () -> (failures: UInt32, inFlight: UInt32, unlocked: Int) in
                    var failures: UInt32 = 0
                    var unlocked = 0
                    guard let client = try? AgentClient(address: address) else { return (0, 0, 0) }
                    for app in [counted, lockedOut, plain] { _ = client.outcome("RegisterApplication", [.string(app)]) }
                    while true {
                        let answer = client.unlock(counted, "not-the-passcode")
                        if answer == "WrongPasscode" { failures += 1 } else { return (failures, 1, unlocked) }
                        let right = client.unlock(lockedOut, lockedOutPasscode)
                        if right == "" { unlocked += 1 }
                        if right != "LockedOut" { return (failures, 1, unlocked) }
                        _ = client.outcome("ReportActivity", [.string(plain), .string("background")])
                        _ = client.outcome("ReportActivity", [.string(plain), .string("foreground")])
                    }
                }
                Self.pause(upTo: 700)
                try harness.killAndRestart()
                restarts += 1
                let (failures, inFlight, unlocked) = workload.wait()
                acknowledged += failures
                wronglyUnlocked += unlocked
                let check = try harness.client()
                for app in [counted, lockedOut] {
                    if try check.state(app) != "locked" { wronglyUnlocked += 1 }
                    if try !check.hasPasscode(app) { lost += 1 }
                }
                let count = try check.failedAttempts(counted)
                if count < acknowledged { lost += 1 }
                #expect(count >= acknowledged && count <= acknowledged + inFlight + 1,
                        "FailedAttempts \(count), acknowledged \(acknowledged)")
                // The restarted agent holds the counted app's MaxFailedAttempts=100000 (above the defaults) until its
                // passcode verifies the authenticated policy; entering it, which also clears the count, lets the next
                // round count again.
                #expect(check.unlock(counted, countedPasscode) == "")
                try check.call("Lock", [.string(counted)])
                kept += count
                acknowledged = 0
                if try check.retryAfter(lockedOut) != retryAfter { lost += 1 }
                let answer = check.unlock(lockedOut, lockedOutPasscode)
                if answer == "" { wronglyUnlocked += 1 }
                #expect(answer == "LockedOut")
                check.close()
            }
            #expect(lost == 0)
            #expect(wronglyUnlocked == 0)
            Tally.record(area: "restarts", count: restarts, lost: lost, wronglyUnlocked: wronglyUnlocked,
                         detail: "\(restarts) SIGKILLs survived (\(kept) failed attempts kept)")
        }

        @Test("the system bus daemon killed: the agent keeps serving the session bus and says what it lost")
        func systemBusKilled() throws {
            let harness = try HostileHarness(logind: true)
            let client = try harness.client()
            try client.register("org.example.Before")
            #expect(waitUntil(timeout: .seconds(10)) { harness.agent.logText().contains("session") })
            harness.environment.systemBus?.stop()
            var lost = 0
            #expect(waitUntil(timeout: .seconds(10)) { harness.agent.logText().contains("lost the system bus") },
                    "\(harness.agent.logText().suffix(2000))")
            // GLib programs exit when their system bus goes; gnome-keyring is one of them, but it may notice after
            // the agent did (asking whether it still owns its name races its exit). Replace it either way.
            try harness.environment.stopKeyring()
            try harness.environment.startKeyring()
            #expect(harness.agent.isRunning)
            try client.register("org.example.After")
            try client.call("SetPasscode", [.string("org.example.After"), .string("Sb-hostile-sysbus-PASS"), .string("alphanumeric")])
            try client.call("Lock", [.string("org.example.After")])
            let wronglyUnlocked = try client.state("org.example.After") == "locked" ? 0 : 1
            if try !client.list().contains(where: { $0.app == "org.example.Before" }) { lost += 1 }
            #expect(client.unlock("org.example.After", "Sb-hostile-sysbus-PASS") == "")
            #expect(lost == 0 && wronglyUnlocked == 0)
            Tally.record(area: "faults", count: 1, lost: lost, wronglyUnlocked: wronglyUnlocked,
                         detail: "1 system bus killed")
        }

        /// How the state directory is broken.
        enum DiskFault: String, CaseIterable, Sendable {
            /// Every write of the ledger fails with ENOSPC (its temporary file is a link to /dev/full).
            case full
            /// `$XDG_STATE_HOME/applock` cannot hold files (it is a regular file; as root, permissions would not stop us).
            case unwritable
        }

        @Test("a full or unwritable state directory: failures are reported and a lock-out is never forgotten",
              arguments: DiskFault.allCases)
        func brokenStateDirectory(fault: DiskFault) throws {
            let app = "org.example.Disk"
            let passcode = "Df-hostile-disk-PASS"
            let harness = try HostileHarness(policy: "MaxFailedAttempts=2\nLockoutSchedule=3600")
            let client = try harness.client()
            try client.call("SetPasscode", [.string(app), .string(passcode), .string("alphanumeric")])
            let fm = FileManager.default
            let directory = harness.stateDirectory
            let temporary = directory.appendingPathComponent("lockouts.tmp")
            switch fault {
            case .full:
                try fm.createDirectory(at: directory, withIntermediateDirectories: true)
                try fm.createSymbolicLink(atPath: temporary.path, withDestinationPath: "/dev/full")
            case .unwritable:
                try? fm.removeItem(at: directory)
                _ = fm.createFile(atPath: directory.path, contents: Data("not a directory".utf8))
            }
            var answers: [String] = []
            while answers.last != "LockedOut", answers.count < 10 {
                // The agent removes a temporary file it could not write; the disk stays full for every write.
                if fault == .full, (try? fm.destinationOfSymbolicLink(atPath: temporary.path)) == nil {
                    try fm.createSymbolicLink(atPath: temporary.path, withDestinationPath: "/dev/full")
                }
                answers.append(client.unlock(app, "wrong-guess"))
            }
            #expect(answers.last == "LockedOut", "\(answers)")
            #expect(waitUntil(timeout: .seconds(5)) { harness.agent.logText().contains("cannot save the lock-out ledger") })
            var wronglyUnlocked = client.unlock(app, passcode) == "" ? 1 : 0

            // The disk is repaired. A full disk: the agent saves the ledger again by itself, and is then SIGKILLed.
            // An unwritable directory: the agent is stopped (SIGTERM), and saves it as it exits. Either way the
            // lock-out is still there when it starts again.
            switch fault {
            case .full:
                try? fm.removeItem(at: temporary)
                // The lock-out itself must reach the file: a retry that slipped in while the test was putting
                // /dev/full back can have saved an older state of the app (one failure, no lock-out) already.
                #expect(waitUntil(timeout: .seconds(15)) {
                    let text = (try? String(contentsOf: harness.ledgerFile, encoding: .utf8)) ?? ""
                    return text.split(separator: "\n").contains { line in
                        let fields = line.split(separator: " ")
                        return fields.count == 5 && fields[0] == "r" && fields[1] == app && fields[3] != "0"
                    }
                }, "the lock-out was not saved after the disk was repaired")
                try harness.killAndRestart()
            case .unwritable:
                try fm.removeItem(at: directory)
                harness.agent.terminate()
                try harness.agent.restart()
                try harness.agent.waitUntilServing(timeout: .seconds(20))
            }
            let after = try harness.client()
            let answer = after.unlock(app, passcode)
            if answer == "" { wronglyUnlocked += 1 }
            let lost = answer == "LockedOut" ? 0 : 1
            #expect(answer == "LockedOut", "after the restart Unlock answered \(answer)")
            #expect(wronglyUnlocked == 0)
            Tally.record(area: "faults", count: 1, lost: lost, wronglyUnlocked: wronglyUnlocked,
                         detail: "1 \(fault.rawValue) state directory")
        }

        /// How the ledger file is damaged.
        enum Damage: String, CaseIterable, Sendable {
            case truncated, garbage, empty, oversized, binary
        }

        @Test("a truncated or garbage lock-out ledger: the agent starts, says so, and lowers no count",
              arguments: Damage.allCases)
        func damagedLedger(damage: Damage) throws {
            let app = "org.example.Ledger"
            let passcode = "Ld-hostile-ledger-PASS"
            let harness = try HostileHarness(policy: "MaxFailedAttempts=5\nLockoutSchedule=3600")
            let client = try harness.client()
            try client.call("SetPasscode", [.string(app), .string(passcode), .string("alphanumeric")])
            for _ in 0..<3 { #expect(client.unlock(app, "wrong-guess") == "WrongPasscode") }
            harness.agent.terminate()
            let file = harness.ledgerFile
            let text = try Data(contentsOf: file)
            let damaged: Data = switch damage {
            case .truncated: text.prefix(text.count / 2)
            case .garbage: Data("applock-lockouts 1\nr org.example.Ledger zero 0 ffff\nend 9 0\n".utf8)
            case .empty: Data()
            case .oversized: Data(repeating: UInt8(ascii: "x"), count: 3 << 20)
            case .binary: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
            }
            try damaged.write(to: file)
            try harness.agent.restart()
            try harness.agent.waitUntilServing(timeout: .seconds(20))
            #expect(harness.agent.logText().contains("lock-out ledger damaged"))
            let after = try harness.client()
            let count = try after.failedAttempts(app)
            let lost = count >= 3 ? 0 : 1
            #expect(count >= 3, "FailedAttempts \(count) after a \(damage.rawValue) ledger")
            let wronglyUnlocked = try after.state(app) == "locked" ? 0 : 1
            #expect(wronglyUnlocked == 0)
            let newApp = "org.example.LedgerNewcomer"
            try after.call("SetPasscode", [.string(newApp), .string(passcode), .string("alphanumeric")])
            #expect(after.unlock(newApp, "wrong-guess") == "WrongPasscode",
                    "a passcode set after the damage starts with a clean count")
            #expect(try after.failedAttempts(newApp) == 1)
            Tally.record(area: "faults", count: 1, lost: lost, wronglyUnlocked: wronglyUnlocked,
                         detail: "1 \(damage.rawValue) ledger")
        }
    }
}
