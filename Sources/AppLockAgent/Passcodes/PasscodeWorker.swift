import AppLockAgentCore
import AppLockCore
import AppLockProtocol
import Glibc
import SodiumHasher
import SystemKit

/// The slow half of every passcode method, run on a bounded worker queue off
/// the event loop: Secret Service look-ups and writes, Argon2id hashing and
/// verification. Every method blocks its worker and returns a plain outcome.
final class PasscodeWorker: Sendable {
    let store: any PasscodeStore
    let hasher: Argon2idHasher
    let queue: BoundedWorkQueue

    /// What a verification found.
    enum Verification: Sendable {
        /// The passcode is right; the store now holds a hash of `kind` with this fingerprint (for ChangePasscode,
        /// the new one's).
        case verified(kind: PasscodeKind, fingerprint: String)
        case wrong
        /// The item is gone, or its hash is not the one recorded (``PasscodeRecords``): nothing is verified.
        case tampered
        case unavailable(String)
    }

    init(store: any PasscodeStore, hasher: Argon2idHasher, workers: Int) throws(WorkQueueError) {
        self.store = store
        self.hasher = hasher
        self.queue = try BoundedWorkQueue(workers: workers)
    }

    /// Runs `job` on a worker at a lower CPU priority (nice 10, per thread on Linux), so that on a busy
    /// machine the event loop wins the CPU over Argon2id and other apps' locks are not held up.
    func submit(_ job: @escaping @Sendable () -> Void) {
        queue.submit {
            let thisThread = __priority_which_t(PRIO_PROCESS.rawValue)
            if getpriority(thisThread, 0) < Self.workerNice { setpriority(thisThread, 0, Self.workerNice) }
            job()
        }
    }

    private static let workerNice: Int32 = 10

    /// Verifies `passcode` against the stored hash, once the hash is found to be the one `recorded` (the app's
    /// record when the attempt began); on success re-hashes it when the stored parameters are weaker than the
    /// current ones.
    func verify(_ app: AppID, _ passcode: SecretBytes, recorded: PasscodeRecords.Record?) -> Verification {
        let stored: StoredPasscode?
        do {
            stored = try store.lookup(app)
        } catch {
            return .unavailable(Self.reason(error))
        }
        let fingerprint = stored.map { Argon2idHasher.fingerprint(of: $0.encodedHash, for: app.rawValue) }
        guard case .intact = PasscodeRecords.check(recorded: recorded, fingerprint: fingerprint), let stored, let fingerprint
        else { return .tampered }
        guard hasher.verify(passcode, against: stored.encodedHash) else { return .wrong }
        if hasher.needsRehash(stored.encodedHash), case .success(let stronger) = save(app, passcode, kind: stored.kind) {
            return .verified(kind: stored.kind, fingerprint: stronger)
        }
        return .verified(kind: stored.kind, fingerprint: fingerprint)
    }

    /// Hashes `passcode` and stores it as the app's passcode, replacing any other; returns the new hash's fingerprint.
    func save(_ app: AppID, _ passcode: SecretBytes, kind: PasscodeKind) -> Result<String, PasscodeStoreError> {
        let encoded: String
        do {
            encoded = try hasher.hash(passcode)
        } catch {
            return .failure(.unavailable("hashing failed: \(error)"))
        }
        do {
            try store.store(StoredPasscode(encodedHash: encoded, kind: kind), for: app)
            return .success(Argon2idHasher.fingerprint(of: encoded, for: app.rawValue))
        } catch {
            return .failure(error)
        }
    }

    /// Whether a passcode is stored, without verifying anything.
    func exists(_ app: AppID) -> Result<Bool, PasscodeStoreError> {
        do {
            return .success(try store.lookup(app) != nil)
        } catch {
            return .failure(error)
        }
    }

    func remove(_ app: AppID) -> PasscodeStoreError? {
        do {
            try store.remove(app)
            return nil
        } catch {
            return error
        }
    }

    static func reason(_ error: PasscodeStoreError) -> String {
        switch error {
        case .unavailable(let why): why
        }
    }
}
