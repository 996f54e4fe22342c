import AppLockProtocol
import AppLockCore
import DBusKit
import Foundation

/// `clients` connections calling `Unlock` on one app with a wrong passcode as fast as the agent answers.
final class PasscodeFlood: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var answers: [String: Int] = [:]
    private let done = DispatchGroup()

    init(address: String, app: String, clients: Int) {
        for index in 0..<clients {
            done.enter()
            let thread = Thread { [self] in
                defer { done.leave() }
                guard let connection = try? Connection.address(address) else { return }
                defer { connection.close() }
                while !lock.withLock({ stopped }) {
                    let answer: String
                    do {
                        _ = try connection.call(
                            destination: AppLockBusNames.busName, path: try ObjectPath(AppLockBusNames.managerPath),
                            interface: AppLockBusNames.managerInterface, member: "Unlock",
                            arguments: [.string(app), .string("0000")], timeout: .seconds(30))
                        answer = "unlocked"
                    } catch let error as DBusError {
                        answer = error.name.split(separator: ".").last.map(String.init) ?? error.name
                    } catch {
                        answer = "\(error)"
                    }
                    lock.withLock { answers[answer, default: 0] += 1 }
                }
            }
            thread.name = "bench-flood-\(index)"
            thread.start()
        }
    }

    /// Stops the clients, waits for their last answers, and returns how many of each answer came back.
    func stop() -> [String: Int] {
        lock.withLock { stopped = true }
        done.wait()
        return lock.withLock { answers }
    }
}
