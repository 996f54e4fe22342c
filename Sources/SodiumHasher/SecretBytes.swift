internal import CSodium

/// Passcode bytes kept in libsodium's guarded memory (`sodium_malloc`) and wiped with `sodium_memzero`
/// when the value is released; the copy in the `String` it was made from is not under its control.
public final class SecretBytes: @unchecked Sendable {
    /// The number of bytes (UTF-8 code units of the passcode).
    public let count: Int
    private let storage: UnsafeMutableRawPointer

    /// Copies the UTF-8 bytes of `string`; throws ``HashingError/noGuardedMemory`` when libsodium cannot map
    /// another guarded allocation (memory maps or memory exhausted): the caller refuses the request, it does not abort.
    public init(_ string: String) throws(HashingError) {
        Sodium.ensureInitialized()
        let utf8 = string.utf8
        count = utf8.count
        guard let storage = sodium_malloc(max(count, 1)) else {
            throw .noGuardedMemory
        }
        self.storage = storage
        let copied: Bool? = utf8.withContiguousStorageIfAvailable { buffer in
            if let base = buffer.baseAddress {
                storage.copyMemory(from: base, byteCount: buffer.count)
            }
            return true
        }
        if copied == nil {
            let destination = storage.bindMemory(to: UInt8.self, capacity: count)
            for (index, byte) in utf8.enumerated() {
                destination[index] = byte
            }
        }
    }

    deinit {
        sodium_memzero(storage, max(count, 1))
        sodium_free(storage)
    }

    /// Calls `body` with the bytes as a C character pointer and their count; the pointer must not escape.
    func withBytes<Result>(_ body: (UnsafePointer<CChar>, Int) throws -> Result) rethrows -> Result {
        try body(UnsafePointer(storage.assumingMemoryBound(to: CChar.self)), count)
    }
}
