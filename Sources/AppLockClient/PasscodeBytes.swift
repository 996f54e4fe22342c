public import AppLockCore

/// A passcode being typed, kept as bytes in one buffer that is never reallocated and is zeroed by ``wipe()``
/// and on release, so no copy of it lingers in this process's memory. A `String` of it is made only for the
/// moment it is needed (the D-Bus message that carries it, a shape check) and dropped at once.
public final class PasscodeBytes {
    /// The longest passcode of any kind (SPEC "Passcodes": alphanumeric, 128 bytes).
    public static let capacity = Limits.maxPasscodeBytes

    private var storage: [UInt8]
    public private(set) var count = 0

    public init() {
        storage = [UInt8](repeating: 0, count: Self.capacity)
    }

    /// Copies `bytes` (e.g. from GTK's secure buffer); nil, and nothing kept, when they do not fit.
    public convenience init?(copying bytes: UnsafeBufferPointer<UInt8>) {
        self.init()
        guard bytes.count <= Self.capacity else { return nil }
        for byte in bytes { _ = append(byte) }
    }

    deinit {
        wipe()
    }

    public var isEmpty: Bool { count == 0 }

    /// Adds one byte; false when full.
    public func append(_ byte: UInt8) -> Bool {
        guard count < Self.capacity else { return false }
        storage[count] = byte
        count += 1
        return true
    }

    /// Adds the UTF-8 bytes of `character`; false, and nothing added, when they do not fit.
    public func append(_ character: Character) -> Bool {
        guard count + character.utf8.count <= Self.capacity else { return false }
        for byte in character.utf8 { _ = append(byte) }
        return true
    }

    /// How many Unicode scalars the bytes hold (what a masked field shows as dots).
    public var scalarCount: Int {
        storage.prefix(count).count { !Self.isContinuation($0) }
    }

    /// Removes the last Unicode scalar (all of its UTF-8 bytes).
    public func removeLastScalar() {
        while count > 0, Self.isContinuation(storage[count - 1]) { removeLast() }
        removeLast()
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0b1100_0000 == 0b1000_0000 }

    /// Removes the last byte.
    public func removeLast() {
        guard count > 0 else { return }
        count -= 1
        storage[count] = 0
    }

    /// Zeroes every byte.
    public func wipe() {
        for index in storage.indices { storage[index] = 0 }
        count = 0
    }

    /// A separate buffer with the same bytes.
    public func copy() -> PasscodeBytes {
        let other = PasscodeBytes()
        for index in 0..<count { _ = other.append(storage[index]) }
        return other
    }

    /// Whether `other` holds the same bytes (in time that does not depend on where they differ).
    public func matches(_ other: PasscodeBytes) -> Bool {
        guard count == other.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<count { difference |= storage[index] ^ other.storage[index] }
        return difference == 0
    }

    /// Why the passcode does not have the shape of `kind`, nil when it has (the agent's policy may still refuse it).
    public func shapeProblem(for kind: PasscodeKind) -> PasscodeRuleError? {
        do {
            try PasscodeRules.validateShape(makeString(), kind: kind)
            return nil
        } catch {
            return error
        }
    }

    /// The passcode as a string, made only for the D-Bus message that carries it.
    public func makeString() -> String {
        storage.withUnsafeBufferPointer { String(decoding: $0.prefix(count), as: UTF8.self) }
    }
}

@available(*, unavailable)
extension PasscodeBytes: Sendable {}
