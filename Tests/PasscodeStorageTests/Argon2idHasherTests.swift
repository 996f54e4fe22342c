import SodiumHasher
import Testing

@Suite("Argon2id hasher")
struct Argon2idHasherTests {
    let hasher = Argon2idHasher()

    @Test("hashes at the interactive limits with a fresh salt, and verifies")
    func hashAndVerify() throws {
        let first = try hasher.hash(try SecretBytes("1234"))
        let second = try hasher.hash(try SecretBytes("1234"))
        #expect(first.hasPrefix("$argon2id$v=19$m=65536,t=2,p=1$"))
        #expect(first != second)
        #expect(!first.contains("1234"))
        #expect(hasher.verify(try SecretBytes("1234"), against: first))
        #expect(hasher.verify(try SecretBytes("1234"), against: second))
        #expect(!hasher.verify(try SecretBytes("1235"), against: first))
        #expect(!hasher.verify(try SecretBytes(""), against: first))
        #expect(!hasher.needsRehash(first))
    }

    @Test("non-ASCII passcodes are hashed as their UTF-8 bytes")
    func unicode() throws {
        let passcode = try SecretBytes("pässwörd🔒")
        #expect(passcode.count == "pässwörd🔒".utf8.count)
        let encoded = try hasher.hash(passcode)
        #expect(hasher.verify(try SecretBytes("pässwörd🔒"), against: encoded))
        #expect(!hasher.verify(try SecretBytes("passwörd🔒"), against: encoded))
    }

    @Test("a hash made with weaker limits verifies but needs a rehash")
    func weakerLimitsNeedRehash() throws {
        let weak = Argon2idHasher(limits: Argon2idLimits(opsLimit: 1, memLimit: 8192))
        let encoded = try weak.hash(try SecretBytes("2468"))
        #expect(encoded.hasPrefix("$argon2id$v=19$m=8,t=1,p=1$"))
        #expect(hasher.verify(try SecretBytes("2468"), against: encoded))
        #expect(hasher.needsRehash(encoded))
        #expect(!weak.needsRehash(encoded))
    }

    @Test("moderate limits are stronger than interactive ones")
    func moderateLimits() {
        #expect(Argon2idLimits.moderate.memLimit > Argon2idLimits.interactive.memLimit)
        #expect(Argon2idLimits.interactive.memLimit >= 19 * 1024 * 1024)
        #expect(Argon2idLimits.interactive.opsLimit >= 2)
    }

    @Test("malformed or foreign strings never verify and always need a rehash", arguments: [
        "", "1234", "$argon2i$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$aGFzaA", "$argon2id$v=19$garbage",
        String(repeating: "x", count: 500),
    ])
    func malformed(encoded: String) throws {
        #expect(!hasher.verify(try SecretBytes("1234"), against: encoded))
        #expect(hasher.needsRehash(encoded))
    }
}
