import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import Synchronization
import Testing

extension HostileSuite {
    /// Passcode calls sent far faster than Argon2id can verify them, without waiting for replies.
    @Suite("Passcode flood")
    struct PasscodeFloodTests {
        static let apps = (0..<8).map { "org.example.Flood\($0)" }
        /// Each connection keeps 500 calls in flight, more than dbus-daemon's compiled-in default of 128 pending
        /// replies per connection and within the 50,000 of the session bus users have, in both sizes.
        static let connections = Sizes.soak ? 200 : 40
        static let callsPerConnection = 500

        /// One passcode call of the flood: wrong Unlock, wrong ChangePasscode, or SetPasscode of an app that has one.
        static func call(_ index: Int) throws -> Message {
            let app = DBusValue.string(apps[index % apps.count])
            let (method, arguments): (ManagerMethod, [DBusValue]) = switch index % 3 {
            case 0: (.unlock, [app, .string("0000")])
            case 1: (.changePasscode, [app, .string("0000"), .string("135790"), .string("six-digit")])
            default: (.setPasscode, [app, .string("1357"), .string("four-digit")])
            }
            return try Message.methodCall(
                destination: AppLockBusNames.busName, path: ObjectPath(AppLockBusNames.managerPath),
                interface: AppLockBusNames.managerInterface, member: method.name, arguments: arguments)
        }

        @Test("tens of thousands of pipelined passcode calls over hundreds of connections: every one answered, nothing unlocked, the agent up and its memory back")
        func pipelinedFlood() throws {
            let harness = try HostileHarness()
            let owner = try harness.client()
            for app in Self.apps {
                try owner.register(app)
                try owner.call(ManagerMethod.setPasscode.name, [.string(app), .string("2468"), .string("four-digit")])
                try owner.call(ManagerMethod.lock.name, [.string(app)])
            }
            let before = harness.agentRSS
            let anonymousBefore = harness.agentAnonymousRSS
            let total = Self.connections * Self.callsPerConnection
            let answers = Mutex<[String: Int]>([:])
            let threads = (0..<4).map { LoopThread(name: "flood-\($0)") }
            defer { threads.forEach { $0.stop() } }
            let address = harness.environment.sessionBus.address
            var opened: [Connection] = []
            for index in 0..<Self.connections {
                let thread = threads[index % threads.count]
                opened.append(try thread.sync { try Connection.address(address, loop: thread.loop) })
            }
            let connections = opened
            defer {
                for (index, connection) in connections.enumerated() {
                    _ = try? threads[index % threads.count].sync { connection.close() }
                }
            }
            // Every connection sends all its calls at once, then the replies come back whenever they come.
            for (index, connection) in connections.enumerated() {
                try threads[index % threads.count].sync {
                    for call in 0..<Self.callsPerConnection {
                        connection.call(try Self.call(index + call), timeout: .seconds(300)) { result in
                            let answer = switch result {
                            case .success: "success"
                            case .failure(let error): AgentError(dbusName: error.name)?.rawValue ?? error.name
                            }
                            answers.withLock { $0[answer, default: 0] += 1 }
                        }
                    }
                }
            }
            let answered = waitUntil(timeout: .seconds(240)) { answers.withLock { $0.values.reduce(0, +) } == total }
            let tally = answers.withLock { $0 }
            print("[hostile] passcode flood: \(total) calls over \(Self.connections) connections answered \(tally.sorted { $0.key < $1.key })")
            #expect(answered, "\(tally.values.reduce(0, +)) of \(total) answered")
            let agentUp = harness.agent.isRunning && (try? owner.state(Self.apps[0])) != nil
            #expect(agentUp, "the agent died; its log ends:\n\(harness.agent.logText().suffix(3000))")
            try #require(agentUp)
            #expect(tally["success"] == nil, "no flooded call succeeded")
            let named = Set(AgentError.allCases.map(\.rawValue))
            #expect(tally.keys.allSatisfy { named.contains($0) }, "every answer is a named AppLock error: \(tally.keys.sorted())")
            #expect((tally[AgentError.limitExceeded.rawValue] ?? 0) > 0, "the bound was reached")
            for app in Self.apps { #expect(try owner.state(app) == "locked", "\(app) stayed locked") }

            for (index, connection) in connections.enumerated() {
                try threads[index % threads.count].sync { connection.close() }
            }
            // The memory taken for the flood is given back once it is answered. The program's own pages that the
            // flood's code paths brought in from the file (error answers, log lines) are not memory taken for it.
            let settled = waitUntil(timeout: .seconds(60)) { harness.agentAnonymousRSS - anonymousBefore < 4 * 1024 }
            let after = harness.agentRSS
            let anonymousAfter = harness.agentAnonymousRSS
            print("[hostile] passcode flood: agent RSS \(before) KiB before, \(after) KiB after; anonymous "
                + "\(anonymousBefore) KiB before, \(anonymousAfter) KiB after")
            let warnings = harness.agent.logText().split(separator: "\n").filter { $0.contains("warning") || $0.contains("error") }
            print("[hostile] passcode flood: the agent said \(warnings.prefix(8).joined(separator: " | "))")
            #expect(settled, "agent anonymous RSS \(anonymousBefore) KiB before, \(anonymousAfter) KiB after")
            Tally.record(area: "load", count: Self.connections, second: total, lost: total - tally.values.reduce(0, +),
                         wronglyUnlocked: tally["success"] ?? 0, detail: "\(total) pipelined passcode calls")
        }
    }
}
