internal import CSodium

/// The cost of one Argon2id hash: passes over memory (`opsLimit`) and memory in bytes (`memLimit`).
public struct Argon2idLimits: Sendable, Equatable {
    /// Number of passes.
    public var opsLimit: UInt64
    /// Memory in bytes.
    public var memLimit: Int

    /// Custom limits (tests use weak ones; SPEC's floor is 19 MiB and 2 passes).
    public init(opsLimit: UInt64, memLimit: Int) {
        self.opsLimit = opsLimit
        self.memLimit = memLimit
    }

    /// libsodium's interactive limits: 2 passes, 64 MiB (about 0.1 s).
    public static var interactive: Argon2idLimits {
        Argon2idLimits(
            opsLimit: UInt64(crypto_pwhash_argon2id_opslimit_interactive()),
            memLimit: crypto_pwhash_argon2id_memlimit_interactive()
        )
    }

    /// libsodium's moderate limits: 3 passes, 256 MiB (about 0.6 s).
    public static var moderate: Argon2idLimits {
        Argon2idLimits(
            opsLimit: UInt64(crypto_pwhash_argon2id_opslimit_moderate()),
            memLimit: crypto_pwhash_argon2id_memlimit_moderate()
        )
    }
}
