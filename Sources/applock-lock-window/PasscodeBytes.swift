/// A passcode being typed, kept as bytes in one buffer that is never reallocated and is zeroed by ``wipe()``
/// and on release, so no copy of it lingers in this process's memory.
final class PasscodeBytes {
    /// The longest passcode of any kind (SPEC "Passcodes": alphanumeric, 128 bytes).
    static let capacity = 128

    private var storage: [UInt8]
    private(set) var count = 0

    init() {
        storage = [UInt8](repeating: 0, count: Self.capacity)
    }

    /// Copies `bytes` (e.g. from GTK's secure buffer); false, and nothing kept, when they do not fit.
    convenience init?(copying bytes: UnsafeBufferPointer<UInt8>) {
        self.init()
        guard bytes.count <= Self.capacity else { return nil }
        for byte in bytes { _ = append(byte) }
    }

    deinit {
        wipe()
    }

    var isEmpty: Bool { count == 0 }

    /// Adds one byte; false when full.
    func append(_ byte: UInt8) -> Bool {
        guard count < Self.capacity else { return false }
        storage[count] = byte
        count += 1
        return true
    }

    /// Removes the last byte.
    func removeLast() {
        guard count > 0 else { return }
        count -= 1
        storage[count] = 0
    }

    /// Zeroes every byte.
    func wipe() {
        for index in storage.indices { storage[index] = 0 }
        count = 0
    }

    /// A separate buffer with the same bytes.
    func copy() -> PasscodeBytes {
        let other = PasscodeBytes()
        for index in 0..<count { _ = other.append(storage[index]) }
        return other
    }

    /// Whether `other` holds the same bytes.
    func matches(_ other: PasscodeBytes) -> Bool {
        guard count == other.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<count { difference |= storage[index] ^ other.storage[index] }
        return difference == 0
    }

    /// The passcode as a string, made only for the D-Bus message that carries it.
    func makeString() -> String {
        storage.withUnsafeBufferPointer { String(decoding: $0.prefix(count), as: UTF8.self) }
    }
}
