internal import CSodium

/// Initializes libsodium exactly once per process (Swift initializes a static `let` once, thread-safely).
enum Sodium {
    private static let initialized: Bool = sodium_init() >= 0

    /// Makes sure `sodium_init()` has run; stops the process if libsodium cannot be used at all.
    static func ensureInitialized() {
        precondition(initialized, "libsodium failed to initialize")
    }
}
