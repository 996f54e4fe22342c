internal import CSodium

/// A key only an app's passcode yields, for sealing what the passcode vouches for (the app's authenticated policy):
/// derived from the passcode with Argon2id and a salt of its own (never the stored hash's), kept in guarded memory
/// (`sodium_malloc`), wiped when released, and never written anywhere. Its seals are HMAC-SHA-512-256 tags in hex.
///
/// The salt is not secret: it is kept beside the sealed text, so that the same passcode yields the same key again.
public final class SealingKey: @unchecked Sendable {
    /// The salt the key was derived with, in hex.
    public let salt: String
    private static let keyCount = Int(crypto_auth_hmacsha512256_KEYBYTES)
    private static let tagCount = Int(crypto_auth_hmacsha512256_BYTES)
    private static let saltCount = Int(crypto_pwhash_argon2id_SALTBYTES)
    private let storage: UnsafeMutableRawPointer

    /// Derives the key of `passcode` with `salt` (hex, as ``newSalt()`` makes it) at `limits`; throws
    /// ``HashingError/malformedSalt`` for a salt that is not 16 bytes of hex, ``HashingError/outOfMemory`` when
    /// Argon2id cannot have its memory, ``HashingError/noGuardedMemory`` when libsodium cannot map the key's.
    public init(deriving passcode: SecretBytes, salt: String, limits: Argon2idLimits) throws(HashingError) {
        Sodium.ensureInitialized()
        guard let saltBytes = Hex.bytes(salt), saltBytes.count == Self.saltCount else { throw .malformedSalt }
        guard let storage = sodium_malloc(Self.keyCount) else { throw .noGuardedMemory }
        let status = passcode.withBytes { bytes, count in
            crypto_pwhash_argon2id(
                storage.assumingMemoryBound(to: UInt8.self), UInt64(Self.keyCount), bytes, UInt64(count), saltBytes,
                limits.opsLimit, limits.memLimit, Int32(crypto_pwhash_argon2id_ALG_ARGON2ID13))
        }
        guard status == 0 else {
            sodium_free(storage)
            throw .outOfMemory
        }
        self.storage = storage
        self.salt = salt
    }

    deinit {
        sodium_memzero(storage, Self.keyCount)
        sodium_free(storage)
    }

    /// A fresh random salt, in hex.
    public static func newSalt() -> String {
        Sodium.ensureInitialized()
        var bytes = [UInt8](repeating: 0, count: saltCount)
        randombytes_buf(&bytes, bytes.count)
        return Hex.string(bytes)
    }

    /// The seal of `message` (its UTF-8 bytes), in hex.
    public func seal(_ message: String) -> String {
        var tag = [UInt8](repeating: 0, count: Self.tagCount)
        let bytes = Array(message.utf8)
        crypto_auth_hmacsha512256(&tag, bytes, UInt64(bytes.count), storage.assumingMemoryBound(to: UInt8.self))
        return Hex.string(tag)
    }

    /// Whether `tag` (hex) is this key's seal of `message`, compared in constant time.
    public func verifies(_ tag: String, of message: String) -> Bool {
        guard let tagBytes = Hex.bytes(tag), tagBytes.count == Self.tagCount else { return false }
        let bytes = Array(message.utf8)
        return crypto_auth_hmacsha512256_verify(tagBytes, bytes, UInt64(bytes.count),
                                                storage.assumingMemoryBound(to: UInt8.self)) == 0
    }
}

/// Lower-case hexadecimal of bytes, and back.
enum Hex {
    static func string(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The bytes of `text`, or nil when it is not an even number of hexadecimal digits.
    static func bytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(of: digits[index]), let low = value(of: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
