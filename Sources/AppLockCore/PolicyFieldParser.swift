import AppLockProtocol

/// Typed readers for policy keyfile values; each failure names the file, line and key.
struct PolicyFieldParser {
    let file: String
    let entry: KeyFile.Entry

    func fail(_ problem: String) -> KeyFileError {
        KeyFileError(file: file, line: entry.line, key: entry.key, problem: problem)
    }

    /// The entry's value read as `type`, numbers within `range`.
    func value(_ type: PolicyValueType, range: ClosedRange<UInt32>) throws(KeyFileError) -> PolicyValue {
        switch type {
        case .bool: .bool(try bool())
        case .uint32: .uint32(try uint32(minimum: range.lowerBound, maximum: range.upperBound))
        case .uint32List: .uint32Array(try uint32List())
        case .passcodeKinds: try kinds().policyValue
        case .backgroundRule: try backgroundRule().policyValue
        case .screenShareRule: try screenShareRule().policyValue
        case .appIDs: .stringArray(try appIDs().map(\.rawValue))
        }
    }

    func bool() throws(KeyFileError) -> Bool {
        switch entry.value {
        case "true": return true
        case "false": return false
        default: throw fail("expected true or false, not \"\(entry.value)\"")
        }
    }

    func uint32(minimum: UInt32 = 0, maximum: UInt32 = .max) throws(KeyFileError) -> UInt32 {
        try Self.number(entry.value, minimum: minimum, maximum: maximum, fail: fail)
    }

    func uint32List() throws(KeyFileError) -> [UInt32] {
        let items = KeyFile.listItems(entry.value)
        if items.isEmpty { throw fail("expected at least one number") }
        var out: [UInt32] = []
        for item in items { out.append(try Self.number(item, minimum: 0, maximum: .max, fail: fail)) }
        return out
    }

    func kinds() throws(KeyFileError) -> [PasscodeKind] {
        let items = KeyFile.listItems(entry.value)
        if items.isEmpty { throw fail("expected at least one passcode kind") }
        var out: [PasscodeKind] = []
        for item in items {
            guard let kind = PasscodeKind(rawValue: item) else {
                throw fail("unknown passcode kind \"\(item)\" (expected \(PasscodeKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            if !out.contains(kind) { out.append(kind) }
        }
        return out
    }

    func backgroundRule() throws(KeyFileError) -> BackgroundRule {
        guard let rule = BackgroundRule(keyFileValue: entry.value) else {
            throw fail("expected \(BackgroundRule.allCases.map(\.rawValue).joined(separator: " or ")), not \"\(entry.value)\"")
        }
        return rule
    }

    func screenShareRule() throws(KeyFileError) -> ScreenShareRule {
        guard let rule = ScreenShareRule(rawValue: entry.value) else {
            throw fail("expected \(ScreenShareRule.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(entry.value)\"")
        }
        return rule
    }

    /// A list of app ids (may be empty: `Guard=` guards nothing).
    func appIDs() throws(KeyFileError) -> [AppID] {
        var out: [AppID] = []
        for item in KeyFile.listItems(entry.value) {
            guard let app = try? AppID(item) else { throw fail("\"\(item)\" is not an app id") }
            if !out.contains(app) { out.append(app) }
        }
        return out
    }

    private static func number(
        _ text: String, minimum: UInt32, maximum: UInt32, fail: (String) -> KeyFileError
    ) throws(KeyFileError) -> UInt32 {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw fail("expected a whole number, not \"\(text)\"")
        }
        guard let n = UInt32(text) else { throw fail("number \(text) is too large") }
        guard n >= minimum, n <= maximum else { throw fail("number \(n) must be between \(minimum) and \(maximum)") }
        return n
    }
}
