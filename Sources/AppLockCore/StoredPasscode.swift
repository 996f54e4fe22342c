/// What the passcode store keeps for one application: an Argon2id encoded hash and the passcode's kind.
public struct StoredPasscode: Sendable, Equatable {
    /// The libsodium `crypto_pwhash_str` output; never the passcode itself.
    public var encodedHash: String
    /// The kind of passcode the hash was made from.
    public var kind: PasscodeKind

    public init(encodedHash: String, kind: PasscodeKind) {
        self.encodedHash = encodedHash
        self.kind = kind
    }
}
