import SodiumHasher
import Testing

@Suite("Sealing key")
struct SealingKeyTests {
    let limits = Argon2idLimits(opsLimit: 1, memLimit: 8 << 20)

    @Test("the same passcode and salt give the same key; another passcode, salt or message does not verify")
    func sealsOnlyWhatItsPasscodeSealed() throws {
        let salt = SealingKey.newSalt()
        #expect(salt.count == 32 && salt != SealingKey.newSalt())
        let key = try SealingKey(deriving: try SecretBytes("90817263"), salt: salt, limits: limits)
        let tag = key.seal("[Policy]\nGracePeriod=60\n")
        #expect(tag.count == 64 && !tag.contains("90817263"))

        let again = try SealingKey(deriving: try SecretBytes("90817263"), salt: salt, limits: limits)
        #expect(again.verifies(tag, of: "[Policy]\nGracePeriod=60\n"))
        #expect(!again.verifies(tag, of: "[Policy]\nGracePeriod=86400\n"))
        let altered = (tag.first == "0" ? "1" : "0") + tag.dropFirst()
        #expect(!again.verifies(altered, of: "[Policy]\nGracePeriod=60\n"))
        #expect(!again.verifies("not hex", of: "[Policy]\nGracePeriod=60\n"))
        let otherPasscode = try SealingKey(deriving: try SecretBytes("90817264"), salt: salt, limits: limits)
        #expect(!otherPasscode.verifies(tag, of: "[Policy]\nGracePeriod=60\n"))
        let otherSalt = try SealingKey(deriving: try SecretBytes("90817263"), salt: SealingKey.newSalt(), limits: limits)
        #expect(!otherSalt.verifies(tag, of: "[Policy]\nGracePeriod=60\n"))
    }

    @Test("a salt that is not 16 bytes of hex is refused")
    func malformedSalt() throws {
        for salt in ["", "00", String(repeating: "zz", count: 16), String(repeating: "00", count: 17)] {
            #expect(throws: HashingError.malformedSalt) {
                try SealingKey(deriving: try SecretBytes("1234"), salt: salt, limits: limits)
            }
        }
    }
}
