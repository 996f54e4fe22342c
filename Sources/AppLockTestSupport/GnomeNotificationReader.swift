import AppLockProtocol
import DBusKit
public import Foundation

/// What GNOME Shell shows of notifications, read from inside the Shell by a test-only extension of its own
/// (installed with ``GnomeShellSession``'s `otherExtensions`; the Shell's `Eval` is closed to ordinary callers):
/// every text on the Shell's stage (banners, the message list, the lock screen, wherever they are drawn) and each
/// notification's title and body as the Shell holds them (what every one of those views reads). It also tells where on
/// the screen a thing is shown (``box(of:)``), for a test to click it as a user would.
public struct GnomeNotificationReader: Sendable {
    static let uuid = "applock-test-notification-reader@applock.github.io"
    static let path = "/io/github/applock/Test/NotificationReader"
    static let interface = "io.github.applock.Test.NotificationReader"

    /// What the Shell shows.
    public struct Reading: Sendable, Decodable {
        /// One notification as the Shell holds it.
        public struct Notification: Sendable, Decodable {
            public let source: String?
            public let title: String?
            public let body: String?
        }

        /// The text of every `ClutterText` on the stage, shown or not.
        public let labels: [String]
        public let notifications: [Notification]
        /// The name the Shell gives the app of the focused window (the top bar up to GNOME 44, Alt+Tab, the dash).
        public let focusedApp: String?

        /// Every text the Shell has, joined: labels, sources, titles and bodies.
        public var allText: String {
            (labels + notifications.flatMap { [$0.source, $0.title, $0.body].compactMap(\.self) }).joined(separator: "\n")
        }
    }

    /// The extension's folder, to pass to ``GnomeShellSession`` as one of its `otherExtensions`.
    public let extensionDirectory: URL
    private let sessionBusAddress: String

    /// Writes the reader extension for the Shell's generation (`shellVersion`) under `directory`.
    public init(directory: URL, shellVersion: Int, sessionBusAddress: String) throws {
        extensionDirectory = directory.appendingPathComponent(Self.uuid)
        self.sessionBusAddress = sessionBusAddress
        try FileManager.default.createDirectory(at: extensionDirectory, withIntermediateDirectories: true)
        let body = """
            class NotificationReader {
                enable() {
                    this._object = Gio.DBusExportedObject.wrapJSObject(`<node><interface name="\(Self.interface)">
                        <method name="Read"><arg type="s" direction="out"/></method>
                        <method name="ShowMessageList"><arg type="b" direction="in"/></method>
                        <method name="Locate"><arg type="s" direction="in"/><arg type="s" direction="out"/></method>
                        <method name="Pointer"><arg type="i" direction="out"/><arg type="i" direction="out"/></method>
                        <method name="PickedAt"><arg type="i" direction="in"/><arg type="i" direction="in"/><arg type="s" direction="out"/></method>
                        </interface></node>`, this);
                    this._object.export(Gio.DBus.session, '\(Self.path)');
                }
                disable() {
                    this._object.unexport();
                }
                Read() {
                    const labels = [];
                    const walk = actor => {
                        if (actor instanceof Clutter.Text && actor.text)
                            labels.push(actor.text);
                        for (const child of actor.get_children())
                            walk(child);
                    };
                    walk(global.stage);
                    const notifications = [];
                    for (const source of Main.messageTray.getSources()) {
                        for (const n of source.notifications) {
                            notifications.push({source: source.title || null, title: n.title || null,
                                body: (n.body !== undefined ? n.body : n.bannerBodyText) || null});
                        }
                    }
                    const focusApp = Shell.WindowTracker.get_default().focus_app;
                    return JSON.stringify({labels, notifications, focusedApp: focusApp ? focusApp.get_name() : null});
                }
                /* The box [x, y, width, height] on the stage of what `what` names, as JSON, while it is on screen;
                 * "null" else: "quick-settings" (the top bar's system menu), "menu-button:TITLE" (the arrow that
                 * opens the menu of the Quick Settings toggle TITLE, while Quick Settings are open), "text:TEXT" (the
                 * text TEXT, mapped and not faded out). */
                Locate(what) {
                    const boxOf = actor => {
                        if (!actor || !actor.is_mapped() || actor.get_paint_opacity() === 0)
                            return null;
                        const [x, y] = actor.get_transformed_position();
                        const [width, height] = actor.get_transformed_size();
                        return [x, y, width, height];
                    };
                    const quickSettings = Main.panel.statusArea.quickSettings;
                    if (what === 'quick-settings')
                        return JSON.stringify(boxOf(quickSettings));
                    if (what.startsWith('menu-button:')) {
                        const title = what.slice('menu-button:'.length);
                        if (!quickSettings.menu.isOpen)
                            return 'null';
                        const toggle = quickSettings.menu._grid.get_children()
                            .find(child => child._menuButton && (child.title ?? child.label) === title);
                        return JSON.stringify(boxOf(toggle?._menuButton));
                    }
                    const text = what.slice('text:'.length);
                    let found = null;
                    const walk = actor => {
                        if (found || !actor.visible)
                            return;
                        if (actor instanceof Clutter.Text && actor.text === text && actor.is_mapped())
                            found = actor;
                        for (const child of actor.get_children())
                            walk(child);
                    };
                    walk(global.stage);
                    return JSON.stringify(boxOf(found));
                }
                /* The reactive actor the Shell finds at (x, y), as its class and style class, and whether the Shell
                 * is still starting (its startup animation covers the stage with a reactive pane that takes every
                 * click) or a modal grab holds the input: what a click there reaches. */
                PickedAt(x, y) {
                    const actor = global.stage.get_actor_at_pos(Clutter.PickMode.REACTIVE, x, y);
                    const name = actor ? `${actor.constructor.name}.${actor.style_class ?? ''}` : 'nothing';
                    return `${name}; starting up ${Main.layoutManager._startingUp}; overview ${Main.overview.visible}; ` +
                        `modal ${Main.modalCount}`;
                }
                Pointer() {
                    const [x, y] = global.get_pointer();
                    return [x, y];
                }
                ShowMessageList(open) {
                    const menu = Main.panel.statusArea.dateMenu.menu;
                    if (open)
                        menu.open();
                    else
                        menu.close();
                }
            }
            """
        let modules = shellVersion >= GnomeShellExtensions.firstModuleVersion
        let versions = modules ? #"["45", "46", "47", "48", "49", "50", "51"]"# : #"["43", "44"]"#
        let script = modules ? """
            import Clutter from 'gi://Clutter';
            import Gio from 'gi://Gio';
            import Shell from 'gi://Shell';
            import * as Main from 'resource:///org/gnome/shell/ui/main.js';
            import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';
            \(body)
            export default class ReaderExtension extends Extension {
                enable() { this._reader = new NotificationReader(); this._reader.enable(); }
                disable() { this._reader.disable(); this._reader = null; }
            }
            """ : """
            const { Clutter, Gio, Shell } = imports.gi;
            const Main = imports.ui.main;
            \(body)
            function init() { return new NotificationReader(); }
            """
        try """
            {"uuid": "\(Self.uuid)", "name": "AppLock test notification reader",
             "description": "Tells a test what the Shell shows of notifications.", "shell-version": \(versions),
             "session-modes": ["user", "unlock-dialog"]}
            """.write(to: extensionDirectory.appendingPathComponent("metadata.json"), atomically: true, encoding: .utf8)
        try script.write(to: extensionDirectory.appendingPathComponent("extension.js"), atomically: true, encoding: .utf8)
    }

    /// What the Shell shows now, or nil when the reader does not answer (the Shell is still starting).
    public func read() -> Reading? {
        guard let reply = try? call("Read", []), let text = reply.first?.stringValue else { return nil }
        return try? JSONDecoder().decode(Reading.self, from: Data(text.utf8))
    }

    /// Opens (or closes) the message list, the date menu's drop-down, as a click on the clock would.
    public func showMessageList(_ open: Bool) throws {
        _ = try call("ShowMessageList", [.boolean(open)])
    }

    /// Where on the screen the Shell shows `what` (see the extension's `Locate`), or nil while it does not.
    public func box(of what: String) -> XSession.Rect? {
        guard let reply = try? call("Locate", [.string(what)]), let text = reply.first?.stringValue,
              let box = try? JSONDecoder().decode([Double]?.self, from: Data(text.utf8)), box.count == 4
        else { return nil }
        return XSession.Rect(x: Int(box[0].rounded()), y: Int(box[1].rounded()), width: Int(box[2].rounded()),
                             height: Int(box[3].rounded()))
    }

    /// What a click at (`x`, `y`) reaches, in words, for a test's failure message.
    public func picked(atX x: Int, y: Int) -> String {
        (try? call("PickedAt", [.int32(Int32(x)), .int32(Int32(y))]))?.first?.stringValue ?? "no answer"
    }

    /// Whether the Shell has finished starting up (`Main.layoutManager`'s startup animation is over), as the reader
    /// sees it; false while the reader does not answer.
    public var shellStartedUp: Bool { picked(atX: 0, y: 0).contains("starting up false") }

    /// Where the pointer is on the screen.
    public func pointer() -> (x: Int, y: Int)? {
        guard let reply = try? call("Pointer", []), reply.count == 2, let x = reply[0].int32Value,
              let y = reply[1].int32Value else { return nil }
        return (Int(x), Int(y))
    }

    private func call(_ member: String, _ arguments: [DBusValue]) throws -> [DBusValue] {
        let connection = try Connection.address(sessionBusAddress)
        defer { connection.close() }
        return try connection.call(
            destination: "org.gnome.Shell", path: ObjectPath(Self.path), interface: Self.interface, member: member,
            arguments: arguments, timeout: .seconds(10))
    }
}
