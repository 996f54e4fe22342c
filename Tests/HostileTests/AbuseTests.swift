import AppLockTestSupport
import DBusKit
import Foundation
import SystemKit
import Testing

extension HostileSuite {
    /// Other connections meddling, vanishing, flooding and never reading.
    @Suite("Abuse")
    struct AbuseTests {
        @Test("a foreign connection cannot register, drive, inhibit, uninhibit or unregister an app it does not own")
        func foreignConnectionsRefused() throws {
            let harness = try HostileHarness()
            let owner = try harness.client()
            let intruder = try harness.client()
            let app = "org.example.Owned"
            try owner.register(app)
            let cookie = try #require(try owner.call("Inhibit", [.string(app), .string("presenting")]).first?.uint32Value)
            let id = DBusValue.string(app)
            #expect(intruder.outcome("RegisterApplication", [id]) == "AlreadyRegistered")
            #expect(intruder.outcome("UnregisterApplication", [id]) == "AccessDenied")
            #expect(intruder.outcome("ReportActivity", [id, .string("background")]) == "AccessDenied")
            #expect(intruder.outcome("ReportActivity", [id, .string("foreground")]) == "AccessDenied")
            #expect(intruder.outcome("Inhibit", [id, .string("mine now")]) == "AccessDenied")
            #expect(intruder.outcome("Uninhibit", [.uint32(cookie)]) == "AccessDenied")
            for guess in [cookie &+ 1, cookie &- 1, 0, UInt32.max] {
                #expect(intruder.outcome("Uninhibit", [.uint32(guess)]) != "")
            }
            #expect(try owner.list().first { $0.app == app }?.owner == owner.uniqueName)
            #expect(try owner.appProperty(app, "Inhibited").boolValue == true)
            #expect(try owner.state(app) == "unlocked")
            intruder.close()
            #expect(try owner.appProperty(app, "Inhibited").boolValue == true)
        }

        @Test("connections that register many apps and vanish leave nothing behind")
        func vanishingConnections() throws {
            let harness = try HostileHarness()
            let observer = try harness.client()
            let baseline = harness.agentRSS
            for round in 0..<3 {
                var clients: [AgentClient] = []
                for index in 0..<8 {
                    let client = try harness.client()
                    for app in 0..<100 {
                        try client.register("org.example.Vanish\(round).c\(index).a\(app)")
                    }
                    _ = try client.call("Inhibit", [.string("org.example.Vanish\(round).c\(index).a0"), .string("x")])
                    clients.append(client)
                }
                #expect(try observer.list().count == 800)
                for client in clients { client.close() }
                #expect(waitUntil(timeout: .seconds(20)) { (try? observer.list().isEmpty) == true })
            }
            let after = harness.agentRSS
            print("[hostile] vanishing connections: agent RSS \(baseline) KiB before, \(after) KiB after 2,400 registrations")
            #expect(after - baseline < 6 * 1024)
        }

        @Test("thousands of registered apps (10,000 in make soak): every registration is answered, every app is listed, LockAll reaches all of them")
        func tenThousandApps() throws {
            let harness = try HostileHarness()
            let perConnection = 250
            let connections = Sizes.manyApps / perConnection
            let started = ContinuousClock.now
            var clients: [AgentClient] = []
            for index in 0..<connections {
                let client = try harness.client()
                for app in 0..<perConnection { try client.register("org.example.Many\(index).App\(app)") }
                clients.append(client)
            }
            let registered = ContinuousClock.now - started
            print("[hostile] \(Sizes.manyApps) apps registered in \(registered); agent RSS \(harness.agentRSS) KiB")
            let observer = try harness.client()
            let rows = try observer.list()
            #expect(rows.count == Sizes.manyApps)
            try observer.call("LockAll", timeout: .seconds(60))
            #expect(try observer.list().allSatisfy { $0.state == "obscured" })
            #expect(try observer.state("org.example.Many0.App0") == "obscured")
            for client in clients { client.close() }
            #expect(waitUntil(timeout: .seconds(60)) { (try? observer.list().isEmpty) == true })
        }

        @Test("a client that subscribes to everything and never reads does not stall the agent or grow it")
        func subscriberThatNeverReads() throws {
            let harness = try HostileHarness()
            let sleeper = try harness.client()
            sleeper.connection.addMatch(MatchRule(sender: AgentClient.bus))
            sleeper.connection.addMatch(MatchRule(interface: "org.freedesktop.DBus.Properties"))
            let driver = try harness.client()
            try driver.register("org.example.Noisy")
            // A large Policy-bearing PropertiesChanged per app, and two signals per state change.
            let before = harness.agentRSS
            let rounds = Sizes.soak ? 40_000 : 8_000
            // Every call is answered (a stalled agent would leave one to its call deadline, a thrown NoReply).
            for round in 0..<rounds {
                if round % 2 == 0 {
                    try driver.call("Lock", [.string("org.example.Noisy")])
                } else {
                    try driver.call("ReportActivity", [.string("org.example.Noisy"), .string("foreground")])
                }
            }
            let after = harness.agentRSS
            print("[hostile] never-reading subscriber: \(rounds) state changes, agent RSS \(before) → \(after) KiB, agent outgoing queue drained")
            #expect(harness.agent.isRunning)
            #expect(after - before < 8 * 1024)
            #expect(try driver.state("org.example.Noisy") == "unlocked")
            sleeper.close()
        }

        @Test("200 concurrent clients making calls: no unexpected error, a consistent final state")
        func concurrentClients() throws {
            let harness = try HostileHarness(policy: "GracePeriod=3600")
            let guarded = "org.example.Guarded"
            let guardedPasscode = "Gd-hostile-guarded-PASS"
            let setup = try harness.client()
            try setup.call("SetPasscode", [.string(guarded), .string(guardedPasscode), .string("alphanumeric")])
            let address = harness.environment.sessionBus.address
            let clients = Sizes.loadClients
            let calls = Sizes.loadCallsPerClient
            let errors = Locked<[String]>([])
            let wronglyUnlocked = Locked(0)
            let made = Locked(0)
            let live = Locked<[AgentClient]>([])
            // The connections are made one after the other: dbus-daemon refuses more than 64 connections that
            // are still authenticating at once (max_incomplete_connections), whoever their server is.
            let connected = try (0..<clients).map { _ in UncheckedSendable(try AgentClient(address: address)) }
            let group = DispatchGroup()
            let started = ContinuousClock.now
            for index in 0..<clients {
                group.enter()
                let handoff = connected[index]
                Thread.detachNewThread {
                    defer { group.leave() }
                    let app = "org.example.Load\(index)"
                    let client = handoff.value
                    var count = 0
                    func expect(_ member: String, _ arguments: [DBusValue], _ allowed: Set<String> = [""]) {
                        let answer = client.outcome(member, arguments, timeout: .seconds(120))
                        count += 1
                        if !allowed.contains(answer) { errors.withLock { $0.append("\(member): \(answer)") } }
                    }
                    expect("RegisterApplication", [.string(app)])
                    for call in 1..<calls {
                        switch call % 6 {
                        case 0: expect("Lock", [.string(app)])
                        case 1: expect("ReportActivity", [.string(app), .string("foreground")])
                        case 2: expect("GetApplication", [.string(guarded)])
                        case 3: expect("ReportActivity", [.string(app), .string("background")])
                        case 4:
                            count += 1
                            if (try? client.state(guarded)) != "locked" { wronglyUnlocked.withLock { $0 += 1 } }
                        default: expect("Lock", [.string(guarded)])
                        }
                    }
                    expect("ReportActivity", [.string(app), .string("foreground")])
                    made.withLock { $0 += count }
                    // Each client stays connected, its app registered and in the foreground, for the final check.
                    live.withLock { $0.append(client) }
                }
            }
            group.wait()
            let elapsed = ContinuousClock.now - started
            let total = made.withLock { $0 }
            let unexpected = errors.withLock { $0 }
            #expect(unexpected.isEmpty, "\(unexpected.count) unexpected: \(unexpected.prefix(10))")
            let check = try harness.client()
            let rows = try check.list()
            var lost = 0
            for index in 0..<clients {
                let row = rows.first { $0.app == "org.example.Load\(index)" }
                if row == nil || row?.owner.isEmpty == true { lost += 1 }
                #expect(row?.state == "unlocked", "org.example.Load\(index): \(String(describing: row))")
            }
            if try check.state(guarded) != "locked" { wronglyUnlocked.withLock { $0 += 1 } }
            if try !check.hasPasscode(guarded) { lost += 1 }
            let wrong = wronglyUnlocked.withLock { $0 }
            print("[hostile] load: \(clients) clients × \(calls) calls = \(total) calls in \(elapsed)")
            #expect(lost == 0)
            #expect(wrong == 0)
            live.withLock { clients in clients.forEach { $0.close() } }
            Tally.record(area: "load", count: clients, second: total, lost: lost, wronglyUnlocked: wrong,
                         detail: "\(clients) clients, \(total) calls under load")
        }
    }
}
