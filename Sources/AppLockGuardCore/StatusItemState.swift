public import AppLockProtocol

/// What the guard's status item (a StatusNotifierItem with a `com.canonical.dbusmenu` menu) shows and does, decided
/// with no I/O from the guard's readiness and its guarded apps' states: its status, whether its tooltip changed, its
/// menu items with ids that stay the same while an item stays, the menu's layout revision, and what choosing an item
/// does. The driver exports it on the bus and puts it into words.
public struct StatusItemState: Sendable, Equatable {
    /// The item's `Status`: `NeedsAttention` while the guard is not protecting.
    public enum Status: String, Sendable, Equatable {
        case active = "Active"
        case needsAttention = "NeedsAttention"
    }

    /// A protected app as the menu lists it: its id, the name its desktop file gives, and the agent's last word on
    /// it (nil: not said yet, which the guard covers as locked).
    public struct App: Sendable, Equatable {
        public var app: AppID
        public var name: String
        public var state: AppState?

        public init(app: AppID, name: String, state: AppState?) {
            self.app = app
            self.name = name
            self.state = state
        }
    }

    /// What a menu item says, for the wiring to word.
    public enum Label: Sendable, Equatable {
        case lockAllNow
        /// An app with its state (one the agent has not spoken of yet shows as locked, as it is covered).
        case app(name: String, AppState)
        case settings
    }

    /// What choosing a menu item does.
    public enum Command: Sendable, Equatable {
        /// The agent's `LockAll`.
        case lockAll
        /// The agent's `Lock` of an unlocked app.
        case lock(AppID)
        /// The user reaching for a locked or obscured app: its window is activated, which brings its lock window up
        /// (an obscured one comes back).
        case reach(AppID)
        /// Start AppLock Settings.
        case openSettings
    }

    /// One item of the menu: a separator has no label.
    public struct Item: Sendable, Equatable {
        public var id: Int32
        public var label: Label?
        public var command: Command?
    }

    /// Why a menu event was refused.
    public enum EventError: Error, Sendable, Equatable {
        /// No item has this id.
        case unknownItem(Int32)
    }

    /// What changed in an ``update(readiness:apps:)``: the wiring emits a signal for each.
    public struct Changes: OptionSet, Sendable, Equatable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `NewStatus`.
        public static let status = Changes(rawValue: 1)
        /// `NewToolTip`.
        public static let toolTip = Changes(rawValue: 2)
        /// The menu's `LayoutUpdated`.
        public static let layout = Changes(rawValue: 4)
    }

    /// The menu's root item (dbusmenu's id 0), the parent of every item.
    public static let rootID: Int32 = 0
    static let lockAllID: Int32 = 1
    static let firstSeparatorID: Int32 = 2
    static let secondSeparatorID: Int32 = 3
    static let settingsID: Int32 = 4
    /// Apps get ids from here on, each its own for as long as it is listed.
    static let firstAppID: Int32 = 100

    /// The guard's readiness as last told.
    public private(set) var readiness: GuardReadiness
    /// The menu's items in order, below the root.
    public private(set) var items: [Item] = []
    /// The menu's layout revision: it grows with every change of the items.
    public private(set) var revision: UInt32 = 1
    private var appIDs: [AppID: Int32] = [:]
    private var nextAppID = Self.firstAppID

    public init(readiness: GuardReadiness) {
        self.readiness = readiness
        items = layout(for: [])
    }

    public var status: Status { readiness.isProtecting ? .active : .needsAttention }

    /// Takes the guard's readiness and its protected apps (in the order the menu lists them: by name, then id) and
    /// says what changed.
    public mutating func update(readiness: GuardReadiness, apps: [App]) -> Changes {
        var changes: Changes = []
        if readiness.isProtecting != self.readiness.isProtecting { changes.insert(.status) }
        if readiness != self.readiness { changes.insert(.toolTip) }
        self.readiness = readiness
        let listed = Set(apps.map(\.app))
        appIDs = appIDs.filter { listed.contains($0.key) }
        for app in apps.sorted(by: Self.menuOrder) where appIDs[app.app] == nil {
            appIDs[app.app] = nextAppID
            nextAppID += 1
        }
        let new = layout(for: apps)
        if new != items {
            items = new
            revision += 1
            changes.insert(.layout)
        }
        return changes
    }

    /// The item with `id`, nil for the root and unknown ids.
    public func item(_ id: Int32) -> Item? { items.first { $0.id == id } }

    /// What the menu event `event` (dbusmenu's `clicked`, `hovered`, `opened`, `closed`) on item `id` asks for: a
    /// click on an item with a command is that command; anything else asks for nothing. An id the menu does not have
    /// is refused.
    public func command(forEvent event: String, on id: Int32) -> Result<Command?, EventError> {
        if id == Self.rootID { return .success(nil) }
        guard let item = item(id) else { return .failure(.unknownItem(id)) }
        return .success(event == "clicked" ? item.command : nil)
    }

    private static func menuOrder(_ a: App, _ b: App) -> Bool {
        a.name == b.name ? a.app < b.app : a.name < b.name
    }

    private func layout(for apps: [App]) -> [Item] {
        var items = [Item(id: Self.lockAllID, label: .lockAllNow, command: .lockAll)]
        items.append(Item(id: Self.firstSeparatorID, label: nil, command: nil))
        let sorted = apps.sorted(by: Self.menuOrder)
        for app in sorted {
            guard let id = appIDs[app.app] else { continue }
            let state = app.state ?? .locked
            items.append(Item(id: id, label: .app(name: app.name, state),
                              command: state == .unlocked ? .lock(app.app) : .reach(app.app)))
        }
        if !sorted.isEmpty { items.append(Item(id: Self.secondSeparatorID, label: nil, command: nil)) }
        items.append(Item(id: Self.settingsID, label: .settings, command: .openSettings))
        return items
    }
}
