import CDBus

/// libdbus's validators (`dbus_validate_*`, `dbus_signature_validate`) for the name types.
enum NameValidation {
    enum Kind: String {
        case objectPath = "object path"
        case signature = "signature"
        case busName = "bus name"
        case interface = "interface name"
        case member = "member name"
        case errorName = "error name"
    }

    static func isValid(_ string: String, as kind: Kind) -> Bool {
        if string.utf8.contains(0) { return false }
        return string.withCString { pointer -> Bool in
            switch kind {
            case .objectPath: dbus_validate_path(pointer, nil) != 0
            case .signature: dbus_signature_validate(pointer, nil) != 0
            case .busName: dbus_validate_bus_name(pointer, nil) != 0
            case .interface: dbus_validate_interface(pointer, nil) != 0
            case .member: dbus_validate_member(pointer, nil) != 0
            case .errorName: dbus_validate_error_name(pointer, nil) != 0
            }
        }
    }

    /// True when `signature` is exactly one complete type.
    static func isSingleCompleteType(_ signature: Signature) -> Bool {
        signature.rawValue.withCString { dbus_signature_validate_single($0, nil) != 0 }
    }

    static func validate(_ string: String, as kind: Kind) throws(DBusConnectionError) {
        guard isValid(string, as: kind) else { throw .invalidValue("\(kind.rawValue) \"\(string)\"") }
    }
}
