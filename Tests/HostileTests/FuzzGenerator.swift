import AppLockTestSupport
import DBusKit
import Foundation

/// Generates method calls aimed at the agent: every path, interface and member it serves and many it does not,
/// with right and wrong signatures, missing and extra arguments, hostile strings, nested variants and huge arrays.
struct FuzzGenerator {
    /// One call to send.
    struct Call {
        var path: ObjectPath
        var interface: String?
        var member: String
        var arguments: [DBusValue]
    }

    static let managerMembers: [(String, String)] = [
        ("RegisterApplication", "s"), ("UnregisterApplication", "s"), ("GetApplication", "s"),
        ("ListApplications", ""), ("Lock", "s"), ("LockAll", ""), ("Unlock", "ss"), ("SetPasscode", "sss"),
        ("ChangePasscode", "ssss"), ("RemovePasscode", "ss"), ("ReportActivity", "ss"), ("Inhibit", "ss"),
        ("Uninhibit", "u"),
    ]
    static let standardMembers: [(String, String, String)] = [
        ("org.freedesktop.DBus.Properties", "Get", "ss"), ("org.freedesktop.DBus.Properties", "GetAll", "s"),
        ("org.freedesktop.DBus.Properties", "Set", "ssv"), ("org.freedesktop.DBus.Introspectable", "Introspect", ""),
        ("org.freedesktop.DBus.Peer", "Ping", ""), ("org.freedesktop.DBus.Peer", "GetMachineId", ""),
        ("org.freedesktop.DBus.ObjectManager", "GetManagedObjects", ""),
    ]
    static let foreignInterfaces = [
        "org.example.Nope", "org.freedesktop.DBus", "org.freedesktop.secrets", "io.github.applock.AppLock1",
        "io.github.applock.AppLock2.Manager", "io.github.applock.AppLock1.Manager.Extra", "org.gnome.ScreenSaver",
        "org.freedesktop.login1.Manager",
    ]
    static let propertyNames = [
        "Version", "SessionState", "Applications", "AppId", "State", "Reason", "Registered", "HasPasscode",
        "PasscodeKind", "FailedAttempts", "RetryAfter", "Inhibited", "Policy", "", "Nope", "state",
    ]

    /// Valid-looking app ids the fuzzer plays with (including the victim, whose passcode it never knows).
    let validApps: [String]
    /// Apps whose object paths exist.
    let knownPaths: [ObjectPath]
    var random: SeededRandom
    private let megabyte = String(repeating: "A", count: 1 << 20)

    init(seed: UInt64, validApps: [String]) {
        random = SeededRandom(seed: seed)
        self.validApps = validApps
        knownPaths = validApps.map(AgentClient.path(of:))
    }

    /// Every invalid app id shape the SPEC rules out, and some that are merely odd.
    static let invalidAppIDs: [String] = [
        "", ".", "..", "a", "notes", ".org.example", "org.example.", "org..example", "1org.example", "-", "org.-",
        "org.exa mple", "org.exämple", "org/example", "org.example\u{0}x", "org.example\n", "\u{202e}org.example",
        "org.example.😀", "org.ex\u{7f}ample", "org.example\t", " org.example", "org.example ", "org.e$ample",
        "org.example;rm -rf /", "../../etc/passwd", "org.example/../x", "_2e_2e", "org.example.%00",
        String(repeating: "a", count: 256), String(repeating: "a.", count: 128) + "b",
        "a." + String(repeating: "b", count: 254), String(repeating: "é", count: 100) + ".x",
    ]
    static let kinds = [
        "four-digit", "six-digit", "numeric", "alphanumeric", "", "Four-Digit", "biometric", "four_digit",
        "numeric\0", "alphanumeric ", String(repeating: "k", count: 4096),
    ]
    static let activities = ["foreground", "background", "", "Foreground", "minimised", "background\n", "fg"]

    mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &random)]
    }

    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &random) < percent
    }

    /// A hostile or ordinary string.
    mutating func string() -> String {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<25: return pick(validApps)
        case 25..<45: return pick(Self.invalidAppIDs)
        case 45..<55: return pick(Self.kinds)
        case 55..<62: return pick(Self.activities)
        case 62..<72: return pick(["1234", "123456", "0000", "hunter22", "12", "abc", "\u{0}\u{1}\u{2}3", "🔒🔒🔒🔒"])
        case 72..<74: return chance(10) ? megabyte : String(repeating: "9", count: 1 << 16)
        case 74..<80: return ""
        default:
            let length = Int.random(in: 1...40, using: &random)
            let scalars = (0..<length).map { _ -> Character in
                let value = chance(85) ? UInt32.random(in: 0x20...0x7e, using: &random)
                    : pick([0x0, 0x1b, 0xa, 0xe9, 0x202e, 0xfeff, 0x1f600, 0xfffd])
                return Character(UnicodeScalar(value)!)
            }
            return String(scalars)
        }
    }

    /// A variant nested `depth` times around a value.
    mutating func nestedVariant(depth: Int) -> DBusValue {
        var value = DBusValue.string(string())
        for _ in 0..<depth { value = .variant(value) }
        return value
    }

    /// One argument of any type, sometimes huge or deeply nested.
    mutating func value(depth: Int = 0) -> DBusValue {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<40: return .string(string())
        case 40..<45: return .uint32(pick([0, 1, 2, 3, UInt32.max, UInt32.random(in: 0...UInt32.max, using: &random)]))
        case 45..<48: return .int32(Int32.random(in: Int32.min...Int32.max, using: &random))
        case 48..<50: return .boolean(chance(50))
        case 50..<52: return .byte(UInt8.random(in: 0...255, using: &random))
        case 52..<54: return .uint64(UInt64.random(in: 0...UInt64.max, using: &random))
        case 54..<56: return .double(pick([0, -1, .infinity, .nan, 1e308]))
        case 56..<60: return .objectPath(pick(knownPaths + [AgentClient.managerPath, .root]))
        case 60..<62: return .signature(try! Signature(pick(["s", "a{sv}", "(ss)", "v", "aaaai"])))
        case 62..<70: return nestedVariant(depth: Int.random(in: 1...(chance(20) ? 30 : 8), using: &random))
        case 70..<75:
            guard depth < 4 else { return .string(string()) }
            return .structure((0..<Int.random(in: 1...4, using: &random)).map { _ in value(depth: depth + 1) })
        case 75..<80:
            guard depth < 4 else { return .uint32(0) }
            let count = Int.random(in: 0...8, using: &random)
            return .dictionary(key: try! Signature("s"), value: try! Signature("v"),
                               (0..<count).map { _ in DictionaryEntry(key: .string(string()), value: .variant(value(depth: depth + 1))) })
        case 80..<83: return hugeArray()
        default:
            return .array(element: try! Signature("s"), (0..<Int.random(in: 0...6, using: &random)).map { _ in .string(string()) })
        }
    }

    /// Large arrays: many small elements, which are costly to decode.
    mutating func hugeArray() -> DBusValue {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .array(element: try! Signature("y"), Array(repeating: .byte(7), count: chance(3) ? 1 << 20 : 4096))
        case 1: return .array(element: try! Signature("u"), Array(repeating: .uint32(7), count: chance(3) ? 1 << 18 : 2048))
        case 2: return .array(element: try! Signature("s"), Array(repeating: .string("org.example.Notes"), count: chance(3) ? 65_536 : 1024))
        default: return .array(element: try! Signature("v"), Array(repeating: .variant(.uint32(1)), count: chance(3) ? 65_536 : 512))
        }
    }

    /// Arguments for a member with `signature`: right, missing, extra or of the wrong types.
    mutating func arguments(for signature: String) -> [DBusValue] {
        let right: [DBusValue] = signature.map { code in
            switch code {
            case "u": return .uint32(pick([0, 1, 2, UInt32.max, UInt32.random(in: 0...100, using: &random)]))
            case "v": return chance(50) ? .variant(.string(string())) : nestedVariant(depth: Int.random(in: 1...30, using: &random))
            default: return .string(string())
            }
        }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<55: return right
        case 55..<65: return Array(right.dropLast(Int.random(in: 0...max(0, right.count), using: &random)))
        case 65..<75: return right + (0..<Int.random(in: 1...3, using: &random)).map { _ in value() }
        case 75..<90: return (0..<Int.random(in: 0...5, using: &random)).map { _ in value() }
        default:
            return right.map { chance(50) ? value() : $0 }
        }
    }

    /// The next call to send.
    mutating func next() -> Call {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<55:
            let (member, signature) = pick(Self.managerMembers)
            let interface: String? = chance(90) ? AgentClient.manager : nil
            let path = chance(92) ? AgentClient.managerPath : pick(knownPaths)
            return Call(path: path, interface: interface, member: member, arguments: arguments(for: signature))
        case 55..<75:
            let (interface, member, signature) = pick(Self.standardMembers)
            var arguments = arguments(for: signature)
            if member != "Introspect", chance(60), !arguments.isEmpty {
                arguments[0] = .string(pick([AgentClient.manager, AgentClient.application, interface] + Self.foreignInterfaces))
                if arguments.count > 1, chance(70) { arguments[1] = .string(pick(Self.propertyNames)) }
            }
            let path = pick([AgentClient.managerPath, AgentClient.managerPath] + knownPaths + [
                try! ObjectPath("/io/github/applock/AppLock1/app"), .root, try! ObjectPath("/io"),
            ])
            return Call(path: path, interface: chance(90) ? interface : nil, member: member, arguments: arguments)
        case 75..<85:
            let (member, signature) = pick(Self.managerMembers)
            return Call(path: pick(knownPaths), interface: chance(50) ? AgentClient.application : AgentClient.manager,
                        member: member, arguments: arguments(for: signature))
        case 85..<93:
            return Call(path: wrongPath(), interface: chance(70) ? AgentClient.manager : pick(Self.foreignInterfaces),
                        member: pick(Self.managerMembers).0, arguments: arguments(for: "s"))
        default:
            let member = pick(["Nope", "Unlock2", "registerApplication", "Quit", "Exit", "Kill", "Eval", "X"])
            return Call(path: chance(50) ? AgentClient.managerPath : wrongPath(),
                        interface: chance(80) ? pick(Self.foreignInterfaces + [AgentClient.manager]) : nil,
                        member: member, arguments: (0..<Int.random(in: 0...3, using: &random)).map { _ in value() })
        }
    }

    /// An object path the agent does not serve (or serves only as a parent).
    mutating func wrongPath() -> ObjectPath {
        let options = [
            "/io/github/applock/AppLock1/app/org_2eexample_2eNobody", "/io/github/applock/AppLock1/app/zz",
            "/io/github/applock/AppLock1/App", "/io/github/applock/AppLock2", "/io/github/applock",
            "/org/freedesktop/DBus", "/io/github/applock/AppLock1/app/org_2eexample_2eNotes/child",
            "/" + String(repeating: "deep/", count: 200) + "x", "/" + String(repeating: "x", count: 65_536),
        ]
        return try! ObjectPath(pick(options))
    }
}
