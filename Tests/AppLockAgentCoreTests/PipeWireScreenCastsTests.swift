import AppLockAgentCore
import Testing

/// Reading `pw-dump --monitor --no-colors` for screen casts (the layout is pw-dump 0.3.65's, as it printed a
/// `gst-launch-1.0 … ! pipewiresink` node).
@Suite("PipeWire screen casts")
struct PipeWireScreenCastsTests {
    static func node(_ id: Int, _ properties: [(String, String)]) -> String {
        let members = properties.map { "        \"\($0.0)\": \"\($0.1)\"" }.joined(separator: ",\n")
        return """
        [
          {
            "id": \(id),
            "type": "PipeWire:Interface:Node",
            "version": 3,
            "permissions": [ "r", "w", "x", "m" ],
            "info": {
              "max-input-ports": 0,
              "change-mask": [ "input-ports", "output-ports", "state", "props", "params" ],
              "state": "suspended",
              "error": null,
              "props": {
                "client.id": 31,
        \(members),
                "node.driver": true,
                "object.id": \(id)
              },
              "params": {
                "EnumFormat": [
                  {
                    "mediaType": "video",
                    "size": { "width": 320, "height": 240 }
                  }
                ],
                "Format": [ ]
              }
            }
          }
        ]

        """
    }

    static func removal(_ id: Int) -> String { "[\n  {\n    \"id\": \(id),\n    \"info\": null\n  }\n]\n" }

    @Test("a Video/Source node is a screen cast until it is removed")
    func castAppearsAndGoes() {
        var casts = PipeWireScreenCasts()
        #expect(casts.consume(Array(Self.node(32, [("media.class", "Video/Source"), ("node.name", "xdpw-stream-AbCdEf")]).utf8)) == true)
        #expect(casts.castNodes == [32])
        #expect(casts.consume(Array(Self.removal(33).utf8)) == nil)
        #expect(casts.consume(Array(Self.removal(32).utf8)) == false)
        #expect(!casts.sharing)
    }

    @Test("Mutter's screen cast (GNOME 43: a Stream/Output/Video node named meta-screen-cast-src) is a screen cast")
    func mutterCast() {
        var casts = PipeWireScreenCasts()
        let node = Self.node(33, [("media.class", "Stream/Output/Video"), ("media.name", "meta-screen-cast-src"),
                                  ("node.name", "gnome-shell")])
        #expect(casts.consume(Array(node.utf8)) == true)
    }

    @Test("output split anywhere reads the same")
    func splitOutput() {
        var casts = PipeWireScreenCasts()
        let bytes = Array(Self.node(40, [("media.class", "Video/Source")]).utf8)
        var changes: [Bool] = []
        for byte in bytes { if let change = casts.consume([byte]) { changes.append(change) } }
        #expect(changes == [true])
    }

    @Test("cameras, audio and capturing streams are not screen casts")
    func notCasts() {
        var casts = PipeWireScreenCasts()
        let text = Self.node(50, [("media.class", "Video/Source"), ("media.role", "Camera")])
            + Self.node(51, [("media.class", "Video/Source"), ("device.api", "v4l2")])
            + Self.node(52, [("media.class", "Audio/Source")])
            + Self.node(53, [("media.class", "Stream/Input/Video")])
        #expect(casts.consume(Array(text.utf8)) == nil)
        #expect(!casts.sharing)
    }

    @Test("a node whose class changes away from Video/Source stops counting; pw-dump stopping forgets everything")
    func changesAndReset() {
        var casts = PipeWireScreenCasts()
        _ = casts.consume(Array((Self.node(60, [("media.class", "Video/Source")]) + Self.node(61, [("media.class", "Video/Source")])).utf8))
        #expect(casts.castNodes == [60, 61])
        #expect(casts.consume(Array(Self.node(60, [("media.class", "Audio/Sink")]).utf8)) == nil)
        #expect(casts.castNodes == [61])
        #expect(casts.reset() == false)
        #expect(casts.reset() == nil)
    }
}
