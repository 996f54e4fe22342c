import Foundation
import Glibc

/// Serialises the tests' changes to the user database (`useradd`, `userdel`, `chpasswd`). shadow's `useradd` checks
/// that a name is free before it takes its own lock, so two tests adding the same user at once can both succeed, each
/// with its own uid, and the later write wins: a folder chowned to the first uid is then out of reach of the user's
/// programs (sway could not open its Wayland socket in such a folder). Every change goes through ``held(_:)``, which
/// holds a lock within this process and an `flock` on a file in `/tmp` across processes.
enum UserDatabaseLock {
    private static let inProcess = NSLock()
    private static let file = "/tmp/.applock-test-user-database.lock"

    /// Runs `body` with the user database to itself.
    static func held<T>(_ body: () throws -> T) rethrows -> T {
        inProcess.lock()
        defer { inProcess.unlock() }
        let descriptor = open(file, O_CREAT | O_RDWR | O_CLOEXEC, 0o666)
        if descriptor >= 0 {
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }
        defer { if descriptor >= 0 { close(descriptor) } }
        return try body()
    }
}
