/// One node of sway's `get_tree` answer (root, output, workspace, container), with the fields the guard reads.
public struct SwayNode: Sendable, Equatable {
    /// X11 properties of an Xwayland window.
    public struct WindowProperties: Sendable, Equatable {
        public var windowClass: String?
        public var instance: String?
    }

    public var id: Int
    /// `root`, `output`, `workspace`, `con` or `floating_con`.
    public var type: String
    public var name: String?
    /// The xdg-shell app id (nil for Xwayland windows).
    public var appID: String?
    public var pid: Int32?
    public var focused: Bool
    public var windowProperties: WindowProperties?
    public var nodes: [SwayNode]
    public var floatingNodes: [SwayNode]

    /// Reads a node (and its children) from sway's JSON.
    public init(_ json: JSONValue) throws(SwayIPCError) {
        guard let id = json["id"]?.int, let type = json["type"]?.string else {
            throw SwayIPCError("a node of sway's tree has no id or type")
        }
        self.id = id
        self.type = type
        name = json["name"]?.string
        appID = json["app_id"]?.string
        pid = json["pid"]?.int.map { Int32(truncatingIfNeeded: $0) }
        focused = json["focused"]?.bool ?? false
        windowProperties = json["window_properties"].map {
            WindowProperties(windowClass: $0["class"]?.string, instance: $0["instance"]?.string)
        }
        var nodes: [SwayNode] = []
        for child in json["nodes"]?.array ?? [] { nodes.append(try SwayNode(child)) }
        var floatingNodes: [SwayNode] = []
        for child in json["floating_nodes"]?.array ?? [] { floatingNodes.append(try SwayNode(child)) }
        self.nodes = nodes
        self.floatingNodes = floatingNodes
    }

    /// Whether the node is an application's window (it has a process).
    public var isWindow: Bool { (type == "con" || type == "floating_con") && pid != nil }

    /// Every window in the tree, each with the name of the workspace holding it (`__i3_scratch` for sway's
    /// scratchpad, where hidden windows live).
    public func windows() -> [(window: SwayNode, workspace: String)] {
        var found: [(SwayNode, String)] = []
        func walk(_ node: SwayNode, workspace: String) {
            let here = node.type == "workspace" ? node.name ?? "" : workspace
            if node.isWindow { found.append((node, here)) }
            for child in node.nodes + node.floatingNodes { walk(child, workspace: here) }
        }
        walk(self, workspace: "")
        return found
    }

    /// The name of the workspace that holds the focused node (or is it), nil when none is focused.
    public func focusedWorkspace() -> String? {
        func walk(_ node: SwayNode, workspace: String?) -> String? {
            let here = node.type == "workspace" ? node.name : workspace
            if node.focused { return here }
            for child in node.nodes + node.floatingNodes {
                if let found = walk(child, workspace: here) { return found }
            }
            return nil
        }
        return walk(self, workspace: nil)
    }

    /// The focused node's id, nil when none is.
    public func focusedID() -> Int? {
        if focused { return id }
        for child in nodes + floatingNodes {
            if let found = child.focusedID() { return found }
        }
        return nil
    }
}
