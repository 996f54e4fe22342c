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
        /// The passcode is right; the store now holds a hash of `kind` with this fingerprint as `holder`'s passcode
        /// (for ChangePasscode, the new one's, always the app's own). `sealing` is what it learnt for the app's
        /// authenticated policy when asked.
        case verified(holder: PasscodeHolder, kind: PasscodeKind, fingerprint: String, sealing: SealFinding?)
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

    /// Verifies `passcode` against the stored hash of `holder` (an app's own, or the AppLock passcode), once the hash
    /// is found to be the one `recorded` (its record when the attempt began); on success derives the sealing key and
    /// checks the seals on disk `sealing` asks for, and re-hashes the passcode when the stored parameters are weaker
    /// than the current ones.
    func verify(
        _ holder: PasscodeHolder, _ passcode: SecretBytes, recorded: PasscodeRecords.Record?, sealing: SealingRequest?
    ) -> Verification {
        let stored: StoredPasscode?
        do {
            switch holder {
            case .app(let own): stored = try store.lookup(own)
            case .shared: stored = try store.lookupShared()
            }
        } catch {
            return .unavailable(Self.reason(error))
        }
        let fingerprint = stored.map { Self.fingerprint(of: $0.encodedHash, holder) }
        guard case .intact = PasscodeRecords.check(recorded: recorded, fingerprint: fingerprint), let stored, let fingerprint
        else { return .tampered }
        guard hasher.verify(passcode, against: stored.encodedHash) else { return .wrong }
        let finding = sealing.flatMap { check($0, with: passcode, fingerprint: fingerprint) }
        if hasher.needsRehash(stored.encodedHash), case .success(let stronger) = save(holder, passcode, kind: stored.kind) {
            return .verified(holder: holder, kind: stored.kind, fingerprint: stronger, sealing: finding)
        }
        return .verified(holder: holder, kind: stored.kind, fingerprint: fingerprint, sealing: finding)
    }

    /// The fingerprint of `encodedHash` as `holder`'s: made with the app id, or ``PasscodeRecords/sharedFingerprintName``.
    static func fingerprint(of encodedHash: String, _ holder: PasscodeHolder) -> String {
        switch holder {
        case .app(let app): Argon2idHasher.fingerprint(of: encodedHash, for: app.rawValue)
        case .shared: Argon2idHasher.fingerprint(of: encodedHash, for: PasscodeRecords.sharedFingerprintName)
        }
    }

    /// The sealing key of `passcode` with a fresh salt; nil when Argon2id cannot have its memory.
    func newSealingKey(_ passcode: SecretBytes) -> SealingKey? {
        try? SealingKey(deriving: passcode, salt: SealingKey.newSalt(), limits: hasher.limits)
    }

    /// Derives the sealing key of `passcode` with the salt of each claim in `request` (once per salt: the apps that use
    /// the AppLock passcode share one) and checks its seal, made with the hash whose fingerprint is `fingerprint`; a
    /// claim without a whole seal is not authentic. The key that seals from now on is the first authentic claim's, else
    /// the first derived, else a fresh one; nil when Argon2id cannot have its memory for any.
    private func check(_ request: SealingRequest, with passcode: SecretBytes, fingerprint: String) -> SealFinding? {
        var keys: [String: SealingKey] = [:]
        var authentic: [AppID: Bool] = [:]
        var chosen: SealingKey?
        for (app, claim) in request.claims {
            guard let claim, let salt = claim.salt, let tag = claim.tag,
                  let key = keys[salt] ?? (try? SealingKey(deriving: passcode, salt: salt, limits: hasher.limits))
            else {
                authentic[app] = false
                continue
            }
            keys[salt] = key
            let message = SealedPolicy.message(app: app, fingerprint: fingerprint, policyText: claim.policyText)
            let isAuthentic = key.verifies(tag, of: message)
            authentic[app] = isAuthentic
            if isAuthentic && chosen == nil { chosen = key }
        }
        guard let key = chosen ?? request.claims.lazy.compactMap({ $0.claim?.salt.flatMap { keys[$0] } }).first
            ?? newSealingKey(passcode) else { return nil }
        return SealFinding(key: key, authentic: authentic)
    }

    /// Hashes `passcode` and stores it as `holder`'s passcode, replacing any other; returns the new hash's fingerprint.
    func save(_ holder: PasscodeHolder, _ passcode: SecretBytes, kind: PasscodeKind) -> Result<String, PasscodeStoreError> {
        let encoded: String
        do {
            encoded = try hasher.hash(passcode)
        } catch {
            return .failure(.unavailable("hashing failed: \(error)"))
        }
        do {
            switch holder {
            case .app(let app): try store.store(StoredPasscode(encodedHash: encoded, kind: kind), for: app)
            case .shared: try store.storeShared(StoredPasscode(encodedHash: encoded, kind: kind))
            }
            return .success(Self.fingerprint(of: encoded, holder))
        } catch {
            return .failure(error)
        }
    }

    /// The kind of `holder`'s stored passcode, nil when none is stored, without verifying anything.
    func storedKind(_ holder: PasscodeHolder) -> Result<PasscodeKind?, PasscodeStoreError> {
        do {
            switch holder {
            case .app(let app): return .success(try store.lookup(app)?.kind)
            case .shared: return .success(try store.lookupShared()?.kind)
            }
        } catch {
            return .failure(error)
        }
    }

    func remove(_ holder: PasscodeHolder) -> PasscodeStoreError? {
        do {
            switch holder {
            case .app(let app): try store.remove(app)
            case .shared: try store.removeShared()
            }
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

/// What the agent asks of a verification when it does not hold the passcode's sealing key yet: derive it, and check
/// the seals of the authenticated policies on disk it protects (one app's, or every app's that uses the AppLock
/// passcode).
struct SealingRequest: Sendable {
    /// Each app with its authenticated policy on disk (nil when there is none), in the order checked.
    let claims: [(app: AppID, claim: SealedPolicy?)]
}

/// What a verification learnt for sealing the app's authenticated policy.
struct SealFinding: Sendable {
    /// The key to seal with from now on.
    let key: SealingKey
    /// For each app checked, whether its seal on disk was made with this passcode for the hash it verified against.
    let authentic: [AppID: Bool]
}
