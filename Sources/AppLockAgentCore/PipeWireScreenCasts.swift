/// What `pw-dump --monitor --no-colors` says about screen casts. A screen cast is a PipeWire node that produces
/// video and is not a camera: media class `Video/Source` (xdg-desktop-portal-wlr's and KWin's casts set it) or
/// `Stream/Output/Video` (what PipeWire gives a video stream that sets none, as Mutter's `meta-screen-cast-src`
/// does). A camera (`media.role` `Camera`, or `device.api` `v4l2` or `libcamera`) does not count, nor does a
/// stream that reads video (`Stream/Input/Video`, such as OBS capturing a cast: the cast's own node counts). Reads pw-dump's line layout (one object per `  {` … `  }`, a node's properties at
/// `      "props"`), which is its own fixed writer's.
public struct PipeWireScreenCasts: Sendable {
    /// The ids of the nodes that are screen casts now.
    public private(set) var castNodes: Set<UInt32> = []
    private var partialLine: [UInt8] = []
    private var object = DumpedObject()
    private var inProperties = false

    /// Whether PipeWire has a screen cast.
    public var sharing: Bool { !castNodes.isEmpty }

    public init() {}

    /// Reads the next bytes of pw-dump's output; returns the new ``sharing`` when it changed.
    public mutating func consume(_ bytes: some Sequence<UInt8>) -> Bool? {
        let before = sharing
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                line(String(decoding: partialLine, as: UTF8.self))
                partialLine.removeAll(keepingCapacity: true)
            } else if partialLine.count < Self.maxLineBytes {
                partialLine.append(byte)
            }
        }
        return sharing == before ? nil : sharing
    }

    /// pw-dump stopped (PipeWire went away): nothing is known any more; returns false when it was sharing.
    public mutating func reset() -> Bool? {
        let before = sharing
        self = PipeWireScreenCasts()
        return before ? false : nil
    }

    /// Whether a node with `properties` is a screen cast.
    public static func isScreenCast(_ properties: [String: String]) -> Bool {
        ["Video/Source", "Stream/Output/Video"].contains(properties["media.class"] ?? "")
            && properties["media.role"] != "Camera"
            && !["v4l2", "libcamera"].contains(properties["device.api"] ?? "")
    }

    /// Longer lines are cut (no property AppLock reads is that long).
    static let maxLineBytes = 4096

    private mutating func line(_ text: String) {
        switch text {
        case "  {":
            object = DumpedObject()
            inProperties = false
        case "  }", "  },":
            finishObject()
        case "      \"props\": {":
            inProperties = true
            object.hasProperties = true
        case "      }", "      },":
            inProperties = false
        default:
            if inProperties {
                if let (key, value) = Self.stringMember(text, indent: 8) { object.properties[key] = value }
            } else if text.hasPrefix("    \"id\": ") {
                object.id = UInt32(text.dropFirst(10).prefix { $0 != "," })
            } else if text.hasPrefix("    \"type\": ") {
                object.isNode = text.contains("\"PipeWire:Interface:Node\"")
            } else if text == "    \"info\": null" {
                object.removed = true
            }
        }
    }

    private mutating func finishObject() {
        guard let id = object.id else { return }
        if object.removed {
            castNodes.remove(id)
        } else if object.isNode, object.hasProperties {
            if Self.isScreenCast(object.properties) { castNodes.insert(id) } else { castNodes.remove(id) }
        }
        object = DumpedObject()
        inProperties = false
    }

    /// `"key": "value"` (with an optional trailing comma) at exactly `indent` spaces.
    private static func stringMember(_ text: String, indent: Int) -> (String, String)? {
        let prefix = String(repeating: " ", count: indent) + "\""
        guard text.hasPrefix(prefix), !text.dropFirst(indent + 1).hasPrefix(" ") else { return nil }
        let rest = text.dropFirst(prefix.count)
        guard let keyEnd = rest.firstIndex(of: "\"") else { return nil }
        let afterKey = rest[rest.index(after: keyEnd)...]
        guard afterKey.hasPrefix(": \"") else { return nil }
        var value = afterKey.dropFirst(3)
        if value.hasSuffix(",") { value = value.dropLast() }
        guard value.hasSuffix("\"") else { return nil }
        return (String(rest[..<keyEnd]), String(value.dropLast()))
    }
}

/// One object of a pw-dump batch, as far as it was read.
private struct DumpedObject: Sendable {
    var id: UInt32?
    var isNode = false
    var removed = false
    var hasProperties = false
    var properties: [String: String] = [:]
}
