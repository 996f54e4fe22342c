/// One node of sway's `get_tree` answer (root, output, workspace, container), with the fields the guard reads.
public struct SwayNode: Decodable, Sendable, Equatable {
    /// X11 properties of an Xwayland window.
    public struct WindowProperties: Decodable, Sendable, Equatable {
        public var windowClass: String?
        public var instance: String?

        enum CodingKeys: String, CodingKey {
            case windowClass = "class"
            case instance
        }
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

    enum CodingKeys: String, CodingKey {
        case id, type, name, pid, focused, nodes
        case appID = "app_id"
        case windowProperties = "window_properties"
        case floatingNodes = "floating_nodes"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        type = try container.decode(String.self, forKey: .type)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        appID = try container.decodeIfPresent(String.self, forKey: .appID)
        pid = try container.decodeIfPresent(Int32.self, forKey: .pid)
        focused = try container.decodeIfPresent(Bool.self, forKey: .focused) ?? false
        windowProperties = try container.decodeIfPresent(WindowProperties.self, forKey: .windowProperties)
        nodes = try container.decodeIfPresent([SwayNode].self, forKey: .nodes) ?? []
        floatingNodes = try container.decodeIfPresent([SwayNode].self, forKey: .floatingNodes) ?? []
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

    /// The focused node's id, nil when none is.
    public func focusedID() -> Int? {
        if focused { return id }
        for child in nodes + floatingNodes {
            if let found = child.focusedID() { return found }
        }
        return nil
    }
}
