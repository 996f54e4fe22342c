/// Why a passcode could not be hashed.
public enum HashingError: Error, Equatable, Sendable {
    /// libsodium could not allocate the memory Argon2id needs at the chosen limits.
    case outOfMemory
    /// libsodium could not map guarded memory for a passcode (`sodium_malloc`: memory maps or memory exhausted).
    case noGuardedMemory
    /// A sealing key's salt is not the 16 bytes of hex ``SealingKey/newSalt()`` makes.
    case malformedSalt
}
