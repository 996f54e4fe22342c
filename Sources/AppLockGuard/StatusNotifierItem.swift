import AppLockCore
public import AppLockGuardCore
import AppLockProtocol
import AppLockSetupHelp
public import DBusKit
import Translation

/// The guard's status item on the session bus, as KDE's StatusNotifierItem specification and `kstatusnotifieritem`
/// make one: an `org.kde.StatusNotifierItem` object at ``itemPath`` and its `com.canonical.dbusmenu` menu at
/// ``menuPath``, registered with `org.kde.StatusNotifierWatcher` whenever a watcher is on the bus (when the guard
/// starts, and each time one comes). It decides nothing: ``StatusItemState`` does, this exports it, words it and
/// hands the chosen command back. Nothing runs while nothing changes: no timer, no poll.
public final class StatusNotifierItem {
    public static let itemPath = "/StatusNotifierItem"
    public static let menuPath = "/MenuBar"
    static let itemInterface = "org.kde.StatusNotifierItem"
    static let menuInterface = "com.canonical.dbusmenu"
    static let watcherName = "org.kde.StatusNotifierWatcher"
    static let watcherPath = "/StatusNotifierWatcher"
    /// Adwaita's padlock, and its warning sign while not protecting.
    static let iconName = "system-lock-screen-symbolic"
    static let attentionIconName = "dialog-warning-symbolic"
    /// The error a menu call naming an item the menu does not have is answered with.
    static let unknownItemError = "io.github.applock.Guard1.Error.UnknownMenuItem"

    private let bus: Connection
    private var state: StatusItemState
    private var chosen: (StatusItemState.Command) -> Void = { _ in }
    private var log: (String) -> Void = { _ in }

    /// Exports the item and its menu on `bus` saying `readiness` and no app yet; nothing is registered until
    /// ``start(log:chosen:)``.
    public init(on bus: Connection, readiness: GuardReadiness) {
        self.bus = bus
        state = StatusItemState(readiness: readiness)
        bus.export(BasicExportedObject(interfaces: [itemInterface()]), at: try! ObjectPath(Self.itemPath))
        bus.export(BasicExportedObject(interfaces: [menuInterface()]), at: try! ObjectPath(Self.menuPath))
    }

    /// Registers with the watcher now if there is one, and again whenever one takes the watcher's name; `chosen` is
    /// called on the loop with each menu command.
    public func start(log: @escaping (String) -> Void, chosen: @escaping (StatusItemState.Command) -> Void) {
        self.log = log
        self.chosen = chosen
        _ = bus.watchNameOwner(Self.watcherName) { [unowned self] _, owner in
            if !owner.isEmpty { register() }
        }
        guard let ask = try? Message.methodCall(
            destination: "org.freedesktop.DBus", path: try! ObjectPath("/org/freedesktop/DBus"),
            interface: "org.freedesktop.DBus", member: "NameHasOwner", arguments: [.string(Self.watcherName)])
        else { return }
        bus.call(ask) { [unowned self] result in
            if case .success(let reply) = result, (try? reply.arguments())?.first?.boolValue == true { register() }
        }
    }

    /// Shows `readiness` and `apps`, emitting a signal for each thing that changed.
    public func show(readiness: GuardReadiness, apps: [StatusItemState.App]) {
        let changes = state.update(readiness: readiness, apps: apps)
        let item = try! ObjectPath(Self.itemPath)
        if changes.contains(.status) {
            bus.emitSignal(path: item, interface: Self.itemInterface, member: "NewStatus",
                           arguments: [.string(state.status.rawValue)])
        }
        if changes.contains(.toolTip) { bus.emitSignal(path: item, interface: Self.itemInterface, member: "NewToolTip") }
        if changes.contains(.layout) {
            bus.emitSignal(path: try! ObjectPath(Self.menuPath), interface: Self.menuInterface,
                           member: "LayoutUpdated", arguments: [.uint32(state.revision), .int32(StatusItemState.rootID)])
        }
    }

    /// `RegisterStatusNotifierItem` with the guard's unique name, as kstatusnotifieritem does (the watcher finds the
    /// item at ``itemPath``). A refusal is said once per watcher that refuses.
    private func register() {
        guard let message = try? Message.methodCall(
            destination: Self.watcherName, path: try! ObjectPath(Self.watcherPath), interface: Self.watcherName,
            member: "RegisterStatusNotifierItem", arguments: [.string(bus.uniqueName)])
        else { return }
        bus.call(message) { [unowned self] result in
            if case .failure(let error) = result { log("the status item could not register with the panel: \(error)") }
        }
    }

    // MARK: org.kde.StatusNotifierItem

    private func itemInterface() -> ExportedInterface {
        let nothing: MethodHandler = { $0.reply() }
        return ExportedInterface(
            name: Self.itemInterface,
            xml: """
                <interface name="org.kde.StatusNotifierItem">
                  <property name="Category" type="s" access="read"/>
                  <property name="Id" type="s" access="read"/>
                  <property name="Title" type="s" access="read"/>
                  <property name="Status" type="s" access="read"/>
                  <property name="WindowId" type="i" access="read"/>
                  <property name="IconThemePath" type="s" access="read"/>
                  <property name="IconName" type="s" access="read"/>
                  <property name="IconPixmap" type="a(iiay)" access="read"/>
                  <property name="OverlayIconName" type="s" access="read"/>
                  <property name="OverlayIconPixmap" type="a(iiay)" access="read"/>
                  <property name="AttentionIconName" type="s" access="read"/>
                  <property name="AttentionIconPixmap" type="a(iiay)" access="read"/>
                  <property name="AttentionMovieName" type="s" access="read"/>
                  <property name="ToolTip" type="(sa(iiay)ss)" access="read"/>
                  <property name="ItemIsMenu" type="b" access="read"/>
                  <property name="Menu" type="o" access="read"/>
                  <method name="ContextMenu"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
                  <method name="Activate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
                  <method name="SecondaryActivate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
                  <method name="Scroll"><arg name="delta" type="i" direction="in"/><arg name="orientation" type="s" direction="in"/></method>
                  <signal name="NewTitle"/>
                  <signal name="NewIcon"/>
                  <signal name="NewAttentionIcon"/>
                  <signal name="NewOverlayIcon"/>
                  <signal name="NewToolTip"/>
                  <signal name="NewStatus"><arg name="status" type="s"/></signal>
                </interface>
                """,
            // The menu is the item (ItemIsMenu): a click opens it, and the other gestures have nothing to do.
            methods: ["ContextMenu": nothing, "Activate": nothing, "SecondaryActivate": nothing, "Scroll": nothing],
            signatures: ["ContextMenu": "ii", "Activate": "ii", "SecondaryActivate": "ii", "Scroll": "is"],
            properties: { [unowned self] in itemProperties() })
    }

    private func itemProperties() -> [(String, DBusValue)] {
        let noPixmaps = DBusValue.array(element: try! Signature("(iiay)"), [])
        return [
            ("Category", .string("ApplicationStatus")),
            ("Id", .string("applock")),
            ("Title", .string("AppLock")),
            ("Status", .string(state.status.rawValue)),
            ("WindowId", .int32(0)),
            ("IconThemePath", .string("")),
            ("IconName", .string(Self.iconName)),
            ("IconPixmap", noPixmaps),
            ("OverlayIconName", .string("")),
            ("OverlayIconPixmap", noPixmaps),
            ("AttentionIconName", .string(Self.attentionIconName)),
            ("AttentionIconPixmap", noPixmaps),
            ("AttentionMovieName", .string("")),
            ("ToolTip", .structure([.string(state.status == .active ? Self.iconName : Self.attentionIconName), noPixmaps,
                                    .string("AppLock"), .string(toolTipText)])),
            ("ItemIsMenu", .boolean(true)),
            ("Menu", .objectPath(try! ObjectPath(Self.menuPath))),
        ]
    }

    /// What the guard says of itself, in the user's language; while not protecting, what to do too.
    private var toolTipText: String {
        let readiness = state.readiness
        let statement = GuardReport.shownStatement(readiness.statement)
        guard !readiness.isProtecting, !readiness.fix.isEmpty else { return statement }
        return statement + "\n" + L("To fix it: %1$s.", GuardReport.shownPhrase(readiness.fix))
    }

    // MARK: com.canonical.dbusmenu

    private func menuInterface() -> ExportedInterface {
        ExportedInterface(
            name: Self.menuInterface,
            xml: """
                <interface name="com.canonical.dbusmenu">
                  <property name="Version" type="u" access="read"/>
                  <property name="Status" type="s" access="read"/>
                  <property name="IconThemePath" type="as" access="read"/>
                  <method name="GetLayout">
                    <arg name="parentId" type="i" direction="in"/>
                    <arg name="recursionDepth" type="i" direction="in"/>
                    <arg name="propertyNames" type="as" direction="in"/>
                    <arg name="revision" type="u" direction="out"/>
                    <arg name="layout" type="(ia{sv}av)" direction="out"/>
                  </method>
                  <method name="GetGroupProperties">
                    <arg name="ids" type="ai" direction="in"/>
                    <arg name="propertyNames" type="as" direction="in"/>
                    <arg name="properties" type="a(ia{sv})" direction="out"/>
                  </method>
                  <method name="GetProperty">
                    <arg name="id" type="i" direction="in"/>
                    <arg name="name" type="s" direction="in"/>
                    <arg name="value" type="v" direction="out"/>
                  </method>
                  <method name="Event">
                    <arg name="id" type="i" direction="in"/>
                    <arg name="eventId" type="s" direction="in"/>
                    <arg name="data" type="v" direction="in"/>
                    <arg name="timestamp" type="u" direction="in"/>
                  </method>
                  <method name="EventGroup">
                    <arg name="events" type="a(isvu)" direction="in"/>
                    <arg name="idErrors" type="ai" direction="out"/>
                  </method>
                  <method name="AboutToShow">
                    <arg name="id" type="i" direction="in"/>
                    <arg name="needUpdate" type="b" direction="out"/>
                  </method>
                  <method name="AboutToShowGroup">
                    <arg name="ids" type="ai" direction="in"/>
                    <arg name="updatesNeeded" type="ai" direction="out"/>
                    <arg name="idErrors" type="ai" direction="out"/>
                  </method>
                  <signal name="ItemsPropertiesUpdated">
                    <arg name="updatedProps" type="a(ia{sv})"/>
                    <arg name="removedProps" type="a(ias)"/>
                  </signal>
                  <signal name="LayoutUpdated">
                    <arg name="revision" type="u"/>
                    <arg name="parent" type="i"/>
                  </signal>
                  <signal name="ItemActivationRequested">
                    <arg name="id" type="i"/>
                    <arg name="timestamp" type="u"/>
                  </signal>
                </interface>
                """,
            methods: [
                "GetLayout": { [unowned self] in getLayout($0) },
                "GetGroupProperties": { [unowned self] in getGroupProperties($0) },
                "GetProperty": { [unowned self] in getProperty($0) },
                "Event": { [unowned self] in event($0) },
                "EventGroup": { [unowned self] in eventGroup($0) },
                "AboutToShow": { [unowned self] in aboutToShow($0) },
                "AboutToShowGroup": { [unowned self] in aboutToShowGroup($0) },
            ],
            signatures: [
                "GetLayout": "iias", "GetGroupProperties": "aias", "GetProperty": "is", "Event": "isvu",
                "EventGroup": "a(isvu)", "AboutToShow": "i", "AboutToShowGroup": "ai",
            ],
            properties: {
                [("Version", .uint32(3)), ("Status", .string("normal")), ("IconThemePath", .stringArray([]))]
            })
    }

    private static let noChildren = DBusValue.array(element: try! Signature("v"), [])

    /// The answer to arguments of the right signature that still do not hold what the method takes.
    private static let malformed = DBusError.invalidArgs("malformed arguments")

    /// The unknown-id answer, named.
    private static func unknown(_ id: Int32) -> DBusError {
        DBusError(name: unknownItemError, message: "the menu has no item \(id)")
    }

    private func getLayout(_ call: MethodInvocation) {
        guard let parent = call.arguments[0].int32Value, let depth = call.arguments[1].int32Value,
              let names = call.arguments[2].arrayValue?.compactMap(\.stringValue) else { return call.fail(Self.malformed) }
        if parent == StatusItemState.rootID {
            let children = depth == 0 ? [] : state.items.map { DBusValue.variant(layout(of: $0, names)) }
            let root = DBusValue.structure([
                .int32(StatusItemState.rootID),
                .stringVariantDictionary(Self.filter([("children-display", .string("submenu"))], names)),
                .array(element: try! Signature("v"), children),
            ])
            return call.reply([.uint32(state.revision), root])
        }
        guard let item = state.item(parent) else { return call.fail(Self.unknown(parent)) }
        call.reply([.uint32(state.revision), layout(of: item, names)])
    }

    private func layout(of item: StatusItemState.Item, _ names: [String]) -> DBusValue {
        .structure([.int32(item.id), .stringVariantDictionary(properties(of: item, names)), Self.noChildren])
    }

    private func getGroupProperties(_ call: MethodInvocation) {
        guard let ids = call.arguments[0].arrayValue?.compactMap(\.int32Value),
              let names = call.arguments[1].arrayValue?.compactMap(\.stringValue) else { return call.fail(Self.malformed) }
        let found = ids.compactMap { state.item($0) }
        call.reply([.array(element: try! Signature("(ia{sv})"), found.map {
            .structure([.int32($0.id), .stringVariantDictionary(properties(of: $0, names))])
        })])
    }

    private func getProperty(_ call: MethodInvocation) {
        guard let id = call.arguments[0].int32Value, let name = call.arguments[1].stringValue else {
            return call.fail(Self.malformed)
        }
        guard let item = state.item(id) else { return call.fail(Self.unknown(id)) }
        guard let value = properties(of: item, [name]).first?.1 else {
            return call.fail(.unknownProperty("menu item \(id) has no property '\(name)'"))
        }
        call.reply([.variant(value)])
    }

    private func event(_ call: MethodInvocation) {
        guard let id = call.arguments[0].int32Value, let event = call.arguments[1].stringValue else {
            return call.fail(Self.malformed)
        }
        switch state.command(forEvent: event, on: id) {
        case .failure: call.fail(Self.unknown(id))
        case .success(let command):
            call.reply()
            if let command { chosen(command) }
        }
    }

    /// Each event in order; the ids the menu does not have are answered, and when none was known, refused.
    private func eventGroup(_ call: MethodInvocation) {
        guard let events = call.arguments[0].arrayValue?.compactMap(\.structureValue) else { return call.fail(Self.malformed) }
        var commands: [StatusItemState.Command] = []
        var unknown: [Int32] = []
        for fields in events {
            guard let id = fields[0].int32Value, let event = fields[1].stringValue else { continue }
            switch state.command(forEvent: event, on: id) {
            case .failure: unknown.append(id)
            case .success(let command): if let command { commands.append(command) }
            }
        }
        if !events.isEmpty, unknown.count == events.count { return call.fail(Self.unknown(unknown[0])) }
        call.reply([.array(element: try! Signature("i"), unknown.map { .int32($0) })])
        for command in commands { chosen(command) }
    }

    /// The menu is always up to date (``show(readiness:apps:)`` announces every change), so no update is needed.
    private func aboutToShow(_ call: MethodInvocation) {
        guard let id = call.arguments[0].int32Value else { return call.fail(Self.malformed) }
        guard id == StatusItemState.rootID || state.item(id) != nil else { return call.fail(Self.unknown(id)) }
        call.reply([.boolean(false)])
    }

    private func aboutToShowGroup(_ call: MethodInvocation) {
        guard let ids = call.arguments[0].arrayValue?.compactMap(\.int32Value) else { return call.fail(Self.malformed) }
        let unknown = ids.filter { $0 != StatusItemState.rootID && state.item($0) == nil }
        call.reply([.array(element: try! Signature("i"), []),
                    .array(element: try! Signature("i"), unknown.map { .int32($0) })])
    }

    /// dbusmenu's properties of an item (only `names` when some are asked for): a label (its underscores doubled,
    /// since one marks a mnemonic) or the separator type.
    private func properties(of item: StatusItemState.Item, _ names: [String]) -> [(String, DBusValue)] {
        let all: [(String, DBusValue)] = item.label.map { [("label", .string(Self.words($0).replacing("_", with: "__"))),
                                                           ("enabled", .boolean(true)), ("visible", .boolean(true))] }
            ?? [("type", .string("separator")), ("visible", .boolean(true))]
        return Self.filter(all, names)
    }

    private static func filter(_ properties: [(String, DBusValue)], _ names: [String]) -> [(String, DBusValue)] {
        names.isEmpty ? properties : properties.filter { names.contains($0.0) }
    }

    /// A menu item's words in the user's language.
    static func words(_ label: StatusItemState.Label) -> String {
        switch label {
        // TRANSLATORS: the status item's menu: locks every protected app at once.
        case .lockAllNow: return L("Lock All Now")
        case .settings: return L("AppLock Settings")
        // TRANSLATORS: the status item's menu: %1$s is an app's name, followed by its state.
        case .app(let name, .locked): return L("%1$s — Locked", name)
        // TRANSLATORS: the status item's menu: %1$s is an app's name; its content is hidden (no passcode needed).
        case .app(let name, .obscured): return L("%1$s — Content hidden", name)
        // TRANSLATORS: the status item's menu: %1$s is an app's name, followed by its state.
        case .app(let name, .unlocked): return L("%1$s — Unlocked", name)
        }
    }
}

@available(*, unavailable) extension StatusNotifierItem: Sendable {}
