/// Why a passcode could not be hashed.
public enum HashingError: Error, Equatable, Sendable {
    /// libsodium could not allocate the memory Argon2id needs at the chosen limits.
    case outOfMemory
}
