import AppLockTestSupport
import Foundation

/// Looks for test passcodes where they must never be: the agent's log, every file of the test's environment
/// (HOME, XDG directories, logs), and the argv of running processes.
enum SecretScan {
    /// The secrets found in the agent's log or in any regular file under the environment's root.
    static func leaks(_ secrets: [String], in harness: HostileHarness) -> [String] {
        var found: [String] = []
        let log = harness.agent.logText()
        for secret in secrets where log.contains(secret) { found.append("agent log: \(secret)") }
        let root = harness.environment.root
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return found }
        let needles = secrets.map { Data($0.utf8) }
        for case let url as URL in files {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                  let data = try? Data(contentsOf: url) else { continue }
            for (secret, needle) in zip(secrets, needles) where data.range(of: needle) != nil {
                found.append("\(url.path): \(secret)")
            }
        }
        return found
    }

    /// The command lines of every process now running that contain one of `secrets`.
    static func argvLeaks(_ secrets: [String]) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var found: [String] = []
        for entry in entries where entry.first?.isNumber == true {
            guard let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), !data.isEmpty else { continue }
            let text = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            for secret in secrets where text.contains(secret) { found.append("pid \(entry): \(text.prefix(200))") }
        }
        return found
    }
}

/// Samples every process's argv on its own thread until stopped, collecting any that hold a secret.
final class ArgvWatcher: @unchecked Sendable {
    private let secrets: [String]
    private let state = Locked<(running: Bool, samples: Int, leaks: [String])>((true, 0, []))
    private let finished = DispatchSemaphore(value: 0)

    init(_ secrets: [String]) {
        self.secrets = secrets
        Thread.detachNewThread { [self] in
            while state.withLock({ $0.running }) {
                let leaks = SecretScan.argvLeaks(secrets)
                state.withLock {
                    $0.samples += 1
                    $0.leaks += leaks
                }
                usleep(2_000)
            }
            finished.signal()
        }
    }

    /// Stops sampling; returns how many samples were taken and what leaked.
    func stop() -> (samples: Int, leaks: [String]) {
        state.withLock { $0.running = false }
        finished.wait()
        return state.withLock { ($0.samples, $0.leaks) }
    }
}
