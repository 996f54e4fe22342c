import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import Testing

extension HostileSuite {
    /// Fuzzing the whole D-Bus surface of the agent.
    @Suite("Fuzzing")
    struct FuzzTests {
        static let victim = "org.example.Victim"
        static let victimPasscode = "Vq9-hostile-victim-PASS"

        /// The error names a fuzzed call may be answered with.
        static let allowedStandardErrors: Set<String> = [
            "org.freedesktop.DBus.Error.InvalidArgs", "org.freedesktop.DBus.Error.UnknownMethod",
            "org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownInterface",
            "org.freedesktop.DBus.Error.UnknownProperty", "org.freedesktop.DBus.Error.PropertyReadOnly",
        ]

        /// What one fuzzing connection saw.
        struct Outcome: Sendable {
            var sent = 0
            var succeeded = 0
            var unexpected: [String] = []
            var noReply = 0
            var victimUnlocked = 0
            var errorNames: [String: Int] = [:]
        }

        @Test("20,000+ fuzzed messages: every reply a success or a named error; the agent lives, keeps its memory and its state")
        func fuzzEverything() throws {
            let harness = try HostileHarness()
            let owner = try harness.client()
            try owner.register(Self.victim)
            try owner.call("SetPasscode", [.string(Self.victim), .string(Self.victimPasscode), .string("alphanumeric")])
            try owner.call("Lock", [.string(Self.victim)])
            #expect(try owner.state(Self.victim) == "locked")
            let bystander = "org.example.Bystander"
            try owner.register(bystander)

            // Warm up the paths the fuzzer takes, so the baseline includes the agent's steady allocations.
            let warm = try harness.client()
            for index in 0..<200 {
                _ = warm.errorName("GetApplication", [.string("org.example.Warm\(index)")])
                _ = warm.errorName("RegisterApplication", [.string("org.example.Warm\(index % 20)")])
            }
            _ = warm.errorName("ListApplications")
            warm.close()
            let rssBefore = harness.agentRSS

            let seed = ProcessInfo.processInfo.environment["HOSTILE_SEED"].flatMap(UInt64.init)
                ?? UInt64.random(in: 1...UInt64.max)
            print("[hostile] fuzz seed \(seed) (replay with HOSTILE_SEED=\(seed))")
            let validApps = [Self.victim, bystander, "org.example.Notes", "org.example.Fuzz-1", "org.example.fuzz_2",
                             "a.b", String(repeating: "a", count: 127) + "." + String(repeating: "b", count: 127)]
            let threads = 2
            let perThread = (Sizes.fuzzMessages + threads - 1) / threads
            let results = Locked<[Outcome]>([])
            let address = harness.environment.sessionBus.address
            let group = DispatchGroup()
            for index in 0..<threads {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    var generator = FuzzGenerator(seed: seed &+ UInt64(index), validApps: validApps)
                    let outcome = Self.fuzz(address: address, count: perThread, generator: &generator)
                    results.withLock { $0.append(outcome) }
                }
            }
            group.wait()
            let outcomes = results.withLock { $0 }
            let sent = outcomes.map(\.sent).reduce(0, +)
            var names: [String: Int] = [:]
            for outcome in outcomes { names.merge(outcome.errorNames, uniquingKeysWith: +) }
            print("[hostile] fuzz replies: \(outcomes.map(\.succeeded).reduce(0, +)) successes; errors \(names.sorted { $0.key < $1.key })")
            let unexpected = outcomes.flatMap(\.unexpected)
            #expect(unexpected.isEmpty, "unexpected answers: \(unexpected.prefix(20))")
            #expect(sent >= Sizes.fuzzMessages)

            // The agent lives and answers.
            #expect(harness.agent.isRunning, "\(harness.agent.logText().suffix(3000))")
            let after = try harness.client()
            _ = try after.call("ListApplications")

            // The fuzzers' connections are gone, so are their registrations; the victim is untouched.
            let fuzzOnly = validApps.filter { $0 != Self.victim && $0 != bystander }
            #expect(waitUntil(timeout: .seconds(10)) {
                (try? after.list().filter { row in fuzzOnly.contains(row.app) && !row.owner.isEmpty }.isEmpty) == true
            })
            var lost = outcomes.map(\.noReply).reduce(0, +)
            let wronglyUnlocked = outcomes.map(\.victimUnlocked).reduce(0, +) + (try after.state(Self.victim) == "locked" ? 0 : 1)
            if try !after.hasPasscode(Self.victim) { lost += 1 }
            let rows = try after.list()
            if rows.first(where: { $0.app == Self.victim })?.owner != owner.uniqueName { lost += 1 }
            if rows.first(where: { $0.app == bystander })?.owner != owner.uniqueName { lost += 1 }
            #expect(try after.appProperty(bystander, "Registered").boolValue == true)
            // Every listed app has its object, and the Applications property lists the same apps.
            let listed = Set(rows.map { AgentClient.path(of: $0.app) })
            for path in listed {
                #expect(throws: Never.self) { try after.property(path, AgentClient.application, "AppId") }
            }
            let applications = try after.property(AgentClient.managerPath, AgentClient.manager, "Applications")
            #expect(Set(applications.arrayValue?.compactMap(\.objectPathValue) ?? []) == listed)

            // The victim's owner can still unlock it with the right passcode, unless the fuzzer locked it out.
            let answer = owner.unlock(Self.victim, Self.victimPasscode)
            #expect(answer == "" || answer == "LockedOut", "\(answer)")

            let rssAfter = harness.agentRSS
            print("[hostile] fuzz: agent RSS \(rssBefore) KiB before, \(rssAfter) KiB after")
            #expect(rssAfter - rssBefore < 8 * 1024, "RSS grew from \(rssBefore) KiB to \(rssAfter) KiB")
            #expect(lost == 0)
            #expect(wronglyUnlocked == 0)
            Tally.record(area: "fuzz", count: sent, lost: lost, wronglyUnlocked: wronglyUnlocked,
                         detail: "\(sent) messages fuzzed (seed \(seed))")
        }

        @Test("huge arrays, 1 MiB strings and deep variants are refused without the agent's memory growing")
        func hugeMessagesLeaveMemoryAlone() throws {
            let harness = try HostileHarness(keyring: false)
            let client = try harness.client()
            for index in 0..<50 { _ = client.errorName("GetApplication", [.string("org.example.Warm\(index)")]) }
            let before = harness.agentRSS
            let payloads: [DBusValue] = [
                .array(element: try Signature("y"), Array(repeating: .byte(7), count: 1 << 20)),
                .array(element: try Signature("u"), Array(repeating: .uint32(7), count: 1 << 18)),
                .array(element: try Signature("s"), Array(repeating: .string("org.example.Notes"), count: 1 << 16)),
                .array(element: try Signature("v"), Array(repeating: .variant(.uint32(1)), count: 1 << 16)),
            ]
            let megabyte = String(repeating: "A", count: 1 << 20)
            var answers: [String: Int] = [:]
            for round in 0..<2 {
                for payload in payloads {
                    for member in ["RegisterApplication", "Unlock", "Uninhibit"] {
                        answers[client.errorName(member, [payload]) ?? "success", default: 0] += 1
                    }
                    let set = try Message.methodCall(
                        destination: AgentClient.bus, path: AgentClient.managerPath,
                        interface: "org.freedesktop.DBus.Properties", member: "Set",
                        arguments: [.string(AgentClient.manager), .string("Version"), .variant(payload)])
                    do { _ = try client.connection.call(set, timeout: .seconds(30)) } catch let error as DBusError {
                        answers[error.name, default: 0] += 1
                    }
                }
                for member in ["RegisterApplication", "Lock", "GetApplication"] {
                    answers[client.errorName(member, [.string(megabyte)]) ?? "success", default: 0] += 1
                }
                answers[client.errorName("Unlock", [.string("org.example.Notes\(round)"), .string(megabyte)]) ?? "success", default: 0] += 1
            }
            print("[hostile] huge messages answered: \(answers.sorted { $0.key < $1.key })")
            #expect(answers["success"] == nil)
            #expect(harness.agent.isRunning)
            let after = harness.agentRSS
            print("[hostile] huge messages: agent RSS \(before) KiB before, \(after) KiB after")
            #expect(after - before < 6 * 1024, "RSS grew from \(before) KiB to \(after) KiB")
        }

        /// Sends `count` generated calls over one connection and judges every answer.
        static func fuzz(address: String, count: Int, generator: inout FuzzGenerator) -> Outcome {
            var outcome = Outcome()
            var connection: Connection?
            while outcome.sent < count {
                let call = generator.next()
                guard let message = try? Message.methodCall(
                    destination: AgentClient.bus, path: call.path, interface: call.interface, member: call.member,
                    arguments: call.arguments)
                else { continue }
                if connection == nil {
                    connection = try? Connection.address(address)
                }
                guard let current = connection else {
                    outcome.unexpected.append("cannot connect to the bus")
                    return outcome
                }
                outcome.sent += 1
                do {
                    let reply = try current.call(message, timeout: .seconds(60))
                    outcome.succeeded += 1
                    if call.member == "Unlock" || call.member == "RemovePasscode" || call.member == "ChangePasscode",
                       call.arguments.first == .string(victim), reply.type == .methodReturn {
                        outcome.victimUnlocked += 1
                    }
                } catch let error as DBusError {
                    outcome.errorNames[error.name, default: 0] += 1
                    if AgentError(dbusName: error.name) != nil || allowedStandardErrors.contains(error.name) {
                        continue
                    }
                    if error.name == "org.freedesktop.DBus.Error.NoReply" { outcome.noReply += 1 }
                    outcome.unexpected.append("\(call.member) on \(call.path.rawValue.prefix(80)): \(error.name): \(error.message.prefix(200))")
                    if !current.isConnected { connection = nil }
                } catch {
                    outcome.unexpected.append("\(call.member): \(error)")
                    if !current.isConnected { connection = nil }
                }
            }
            connection?.close()
            return outcome
        }
    }
}
