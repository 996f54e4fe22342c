public import Foundation

/// One `<interface>` of a D-Bus introspection document, read by ``XMLTags`` (not FoundationXML, whose libxml2.so.2
/// Debian testing no longer has, so that the test bundle built on Debian 12 runs there), independently of the Swift
/// contract: the tests compare the files in `dbus/`, the contract and the agent's live `Introspect` through it.
public struct IntrospectedInterface: Sendable, Equatable, CustomStringConvertible {
    /// One `<arg>`: `type name` (and its direction, for methods).
    public struct Argument: Sendable, Hashable, CustomStringConvertible {
        public let name: String
        public let type: String
        public let direction: String

        public init(name: String, type: String, direction: String) {
            self.name = name
            self.type = type
            self.direction = direction
        }

        public var description: String { "\(direction) \(type) \(name)" }
    }

    /// One `<method>`: its arguments in order and the error names its `<doc:errors>` lists.
    public struct Method: Sendable, Equatable {
        public var arguments: [Argument] = []
        public var errors: Set<String> = []

        public init(arguments: [Argument] = [], errors: Set<String> = []) {
            self.arguments = arguments
            self.errors = errors
        }
    }

    /// One `<property>`: type, access and its `EmitsChangedSignal` annotation (nil when absent).
    public struct Property: Sendable, Hashable {
        public var type: String
        public var access: String
        public var emitsChangedSignal: String?

        public init(type: String, access: String, emitsChangedSignal: String?) {
            self.type = type
            self.access = access
            self.emitsChangedSignal = emitsChangedSignal
        }
    }

    public let name: String
    public var methods: [String: Method] = [:]
    public var signals: [String: [Argument]] = [:]
    public var properties: [String: Property] = [:]

    public init(name: String) {
        self.name = name
    }

    public var description: String {
        var lines = ["interface \(name)"]
        for (name, method) in methods.sorted(by: { $0.key < $1.key }) {
            lines.append("  method \(name)(\(method.arguments.map(\.description).joined(separator: ", "))) errors \(method.errors.sorted())")
        }
        for (name, arguments) in signals.sorted(by: { $0.key < $1.key }) {
            lines.append("  signal \(name)(\(arguments.map(\.description).joined(separator: ", ")))")
        }
        for (name, property) in properties.sorted(by: { $0.key < $1.key }) {
            lines.append("  property \(property.access) \(property.type) \(name) emits \(property.emitsChangedSignal ?? "-")")
        }
        return lines.joined(separator: "\n")
    }

    /// Every interface of `xml`, by name; throws when it is not well-formed XML.
    public static func read(_ xml: String) throws -> [String: IntrospectedInterface] {
        var reader = Reader()
        for tag in try XMLTags.read(xml) {
            switch tag {
            case .start(let element, let attributes): reader.start(element, attributes)
            case .end(let element): reader.end(element)
            }
        }
        return reader.interfaces
    }

    /// Every interface of the `.xml` files in the repository's `dbus/` directory, by name.
    public static func readShippedFiles() throws -> [String: IntrospectedInterface] {
        var all: [String: IntrospectedInterface] = [:]
        let names = try FileManager.default.contentsOfDirectory(atPath: dbusDirectory.path).filter { $0.hasSuffix(".xml") }
        for name in names.sorted() {
            let text = try String(contentsOf: dbusDirectory.appendingPathComponent(name), encoding: .utf8)
            all.merge(try read(text)) { first, _ in first }
        }
        return all
    }

    /// The repository's `dbus/` directory, found from this source file.
    public static let dbusDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("dbus")

    /// A SAX reader of the elements that matter; everything else (comments, annotations but one, docs) is skipped.
    private struct Reader {
        var interfaces: [String: IntrospectedInterface] = [:]
        private var current: IntrospectedInterface?
        private var method: (name: String, value: Method)?
        private var signal: (name: String, arguments: [Argument])?
        private var property: (name: String, value: Property)?

        mutating func start(_ element: String, _ attributes: [String: String]) {
            switch element {
            case "interface":
                current = IntrospectedInterface(name: attributes["name"] ?? "")
            case "method":
                method = (attributes["name"] ?? "", Method())
            case "signal":
                signal = (attributes["name"] ?? "", [])
            case "property":
                property = (
                    attributes["name"] ?? "",
                    Property(type: attributes["type"] ?? "", access: attributes["access"] ?? "", emitsChangedSignal: nil)
                )
            case "arg":
                let name = attributes["name"] ?? ""
                let type = attributes["type"] ?? ""
                if method != nil {
                    method!.value.arguments.append(Argument(name: name, type: type, direction: attributes["direction"] ?? "in"))
                } else if signal != nil {
                    signal!.arguments.append(Argument(name: name, type: type, direction: "out"))
                }
            case "doc:error":
                if let name = attributes["name"] { method?.value.errors.insert(name) }
            case "annotation" where attributes["name"] == "org.freedesktop.DBus.Property.EmitsChangedSignal":
                property?.value.emitsChangedSignal = attributes["value"]
            default:
                break
            }
        }

        mutating func end(_ element: String) {
            switch element {
            case "interface":
                if let current { interfaces[current.name] = current }
                current = nil
            case "method":
                if let method { current?.methods[method.name] = method.value }
                method = nil
            case "signal":
                if let signal { current?.signals[signal.name] = signal.arguments }
                signal = nil
            case "property":
                if let property { current?.properties[property.name] = property.value }
                property = nil
            default:
                break
            }
        }
    }
}
