import AppLockClient
import Synchronization

/// Records every lifecycle call, and answers `shouldLock` with a value the test can change.
final class LifecycleRecorder: AppLockLifecycle {
    let calls = Mutex<[String]>([])
    let allowsLock: Mutex<Bool>

    init(allowsLock: Bool = true) {
        self.allowsLock = Mutex(allowsLock)
    }

    var recorded: [String] { calls.withLock { $0 } }

    func shouldLock() -> Bool {
        allowsLock.withLock { $0 }
    }

    func lockWillAppear(_ status: AppLockStatus) {
        calls.withLock { $0.append("lockWillAppear \(status.reason)") }
    }

    func lockDidDismiss(_ status: AppLockStatus) {
        calls.withLock { $0.append("lockDidDismiss \(status.reason)") }
    }

    func sessionDidBecomeActive(whileLocked: Bool) {
        calls.withLock { $0.append("sessionDidBecomeActive whileLocked=\(whileLocked)") }
    }

    func sessionWillResignActive(whileLocked: Bool) {
        calls.withLock { $0.append("sessionWillResignActive whileLocked=\(whileLocked)") }
    }
}
