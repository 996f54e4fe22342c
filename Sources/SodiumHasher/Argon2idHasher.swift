internal import CSodium

/// Hashes and verifies passcodes with libsodium's Argon2id, producing self-describing encoded strings
/// (`$argon2id$v=19$m=65536,t=2,p=1$<salt>$<hash>`) with a fresh random salt each time.
///
/// Every call is CPU- and memory-heavy (64 MiB at `.interactive`): run it on a `BoundedWorkQueue`.
public struct Argon2idHasher: Sendable {
    /// The cost new hashes are made with, and that `needsRehash` compares against.
    public let limits: Argon2idLimits

    /// A hasher using `limits` (default: `.interactive`).
    public init(limits: Argon2idLimits = .interactive) {
        Sodium.ensureInitialized()
        self.limits = limits
    }

    /// The encoded Argon2id hash of `passcode`.
    public func hash(_ passcode: SecretBytes) throws(HashingError) -> String {
        var out = [CChar](repeating: 0, count: crypto_pwhash_argon2id_strbytes())
        let status = passcode.withBytes { bytes, count in
            crypto_pwhash_argon2id_str(&out, bytes, UInt64(count), limits.opsLimit, limits.memLimit)
        }
        guard status == 0 else {
            throw .outOfMemory
        }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `passcode` matches `encoded`; false for a mismatch or a malformed or non-Argon2id string.
    public func verify(_ passcode: SecretBytes, against encoded: String) -> Bool {
        guard encoded.utf8.count < crypto_pwhash_argon2id_strbytes() else {
            return false
        }
        return encoded.withCString { encoded in
            passcode.withBytes { bytes, count in
                crypto_pwhash_argon2id_str_verify(encoded, bytes, UInt64(count)) == 0
            }
        }
    }

    /// Whether `encoded` was made with other limits than this hasher's (or is not an Argon2id string at all),
    /// so that the passcode should be hashed again after its next successful verification.
    public func needsRehash(_ encoded: String) -> Bool {
        encoded.withCString { encoded in
            crypto_pwhash_argon2id_str_needs_rehash(encoded, limits.opsLimit, limits.memLimit) != 0
        }
    }
}

extension Argon2idHasher {
    /// The fingerprint AppLock records of `encodedHash` as the passcode of `appID`: BLAKE2b-256 of the app id, a NUL
    /// byte and the encoded hash, in hex. It binds the hash to its app, so a hash copied from another app's keyring
    /// item never matches.
    public static func fingerprint(of encodedHash: String, for appID: String) -> String {
        Sodium.ensureInitialized()
        let input = Array(appID.utf8) + [0] + Array(encodedHash.utf8)
        var digest = [UInt8](repeating: 0, count: 32)
        _ = crypto_generichash(&digest, digest.count, input, UInt64(input.count), nil, 0)
        return Hex.string(digest)
    }
}
