import Testing
import WaylandKit

@Suite("sway's IPC answers read without Foundation")
struct SwayTreeTests {
    static let tree = Array(#"""
        {"id": 1, "type": "root", "name": "root", "focused": false, "nodes": [
          {"id": 2147483647, "type": "output", "name": "__i3", "nodes": [
            {"id": 2147483646, "type": "workspace", "name": "__i3_scratch", "nodes": [], "floating_nodes": [
              {"id": 7, "type": "floating_con", "name": "hidden \"one\"", "app_id": "org.example.Notes", "pid": 41,
               "focused": false, "nodes": [], "floating_nodes": []}]}]},
          {"id": 3, "type": "output", "name": "HEADLESS-1", "nodes": [
            {"id": 4, "type": "workspace", "name": "1", "focused": false, "floating_nodes": [], "nodes": [
              {"id": 5, "type": "con", "name": "caf\u00e9", "app_id": null, "pid": 42, "focused": true,
               "window_properties": {"class": "XTerm", "instance": "xterm"}, "nodes": [], "floating_nodes": []}]}]}],
         "rect": {"x": 0, "y": -1.5e2}}
        """#.utf8)

    @Test("Windows with their workspace, app id, pid, class; the focused node")
    func windowsAndFocus() throws {
        let root = try SwayNode(JSONValue.parse(Self.tree))
        let windows = root.windows()
        #expect(windows.map(\.window.id) == [7, 5])
        #expect(windows.map(\.workspace) == ["__i3_scratch", "1"])
        #expect(windows[0].window.appID == "org.example.Notes" && windows[0].window.pid == 41)
        #expect(windows[0].window.name == "hidden \"one\"")
        #expect(windows[1].window.name == "café" && windows[1].window.appID == nil)
        #expect(windows[1].window.windowProperties?.windowClass == "XTerm")
        #expect(root.focusedID() == 5)
    }

    @Test("Malformed answers are named errors, not crashes", arguments: [
        "", "{", "[1,]", "{\"id\": 1}", "{\"id\": \"x\", \"type\": \"root\"}", "nul", "\"open", "{} x",
        String(repeating: "[", count: 10_000),
    ])
    func malformed(_ text: String) {
        #expect(throws: SwayIPCError.self) { try SwayNode(JSONValue.parse(Array(text.utf8))) }
    }
}
