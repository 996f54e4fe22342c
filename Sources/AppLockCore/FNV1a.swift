/// 64-bit FNV-1a, used to detect damage in the agent's state files (``ChecksummedLines``).
enum FNV1a {
    static func hash<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01b3
        }
        return h
    }

    static func hex(_ text: String) -> String {
        let s = String(hash(text.utf8), radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
