import AppLockProtocol
import SodiumHasher

/// The sealing keys the agent holds in this run, in guarded memory and never on disk: each app's, derived when its
/// passcode was set or entered, and the AppLock passcode's, with which every app that uses it seals.
struct SealingKeyRing {
    var apps: [AppID: SealingKey] = [:]
    var shared: SealingKey?
}
