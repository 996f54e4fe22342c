import AppLockClient
import AppLockProtocol
import Foundation

/// `clients` connections calling `Unlock` on one app with a wrong passcode as fast as the agent answers.
final class PasscodeFlood: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var answers: [String: Int] = [:]
    private let done = DispatchGroup()

    init(address: String, app: AppID, clients: Int) {
        for index in 0..<clients {
            done.enter()
            let thread = Thread { [self] in
                defer { done.leave() }
                guard let connection = try? AppLockConnection(busAddress: address, timeout: .seconds(30)) else { return }
                defer { connection.close() }
                while !lock.withLock({ stopped }) {
                    let answer: String
                    do {
                        try connection.blocking.unlock(app, passcode: "0000")
                        answer = "unlocked"
                    } catch let error as AppLockError {
                        answer = error.agentError?.rawValue ?? "\(error)"
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
