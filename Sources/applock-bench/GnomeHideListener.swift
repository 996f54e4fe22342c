import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import SystemKit

/// A connection of the bench's own on the session bus and a GNOME Shell extension of its own that calls it back
/// (`Shown(b)`) the moment the Shell hides or shows the actor of a window whose app id is the given one: the actor
/// is what the Shell draws, so once it is hidden the next frame has none of the window's pixels. The extension is
/// written for the Shell's generation (`shellVersion`) and must be installed before the Shell starts
/// (``extensionDirectory``); the bench notes when each call arrives.
final class GnomeHideListener: @unchecked Sendable {
    static let uuid = "applock-bench-observer@applock.github.io"
    /// The observer extension's folder, to pass to ``GnomeShellSession``.
    let extensionDirectory: URL
    private let thread = LoopThread(name: "bench-gnome-listener")
    private let condition = NSCondition()
    private var arrival: (at: UInt64, shown: Bool)?
    /// What the Shell last said of the window, kept across ``reset()``.
    private var lastShown: Bool?
    private var connection: Connection?

    init(sessionBusAddress: String, appID: String, directory: URL, shellVersion: Int) throws {
        extensionDirectory = directory.appendingPathComponent(Self.uuid)
        let opened = try thread.sync { [thread, condition] in
            let connection = try Connection.address(sessionBusAddress, loop: thread.loop)
            let interface = ExportedInterface(
                name: "io.github.applock.Bench",
                xml: """
                    <interface name="io.github.applock.Bench"><method name="Shown">
                    <arg name="shown" type="b" direction="in"/></method></interface>
                    """,
                methods: ["Shown": { [unowned self] call in
                    let now = EventLoop.bootTimeNanoseconds()
                    call.reply()
                    condition.lock()
                    arrival = (now, call.arguments.first?.boolValue ?? true)
                    lastShown = arrival?.shown
                    condition.broadcast()
                    condition.unlock()
                }])
            connection.export(BasicExportedObject(interfaces: [interface]), at: try ObjectPath("/bench"))
            return UncheckedSendable(connection)
        }
        connection = opened.value
        try FileManager.default.createDirectory(at: extensionDirectory, withIntermediateDirectories: true)
        let body = """
            class Observer {
                enable() {
                    this._signals = [];
                    const watch = win => {
                        const actor = win.get_compositor_private();
                        this._signals.push([actor, actor.connect('notify::visible', () => {
                            if (win.get_wm_class() !== '\(appID)')
                                return;
                            Gio.DBus.session.call('\(opened.value.uniqueName)', '/bench', 'io.github.applock.Bench',
                                'Shown', new GLib.Variant('(b)', [actor.visible]), null, Gio.DBusCallFlags.NONE, -1,
                                null, null);
                        })]);
                    };
                    global.get_window_actors().forEach(actor => watch(actor.meta_window));
                    this._signals.push([global.display, global.display.connect('window-created', (d, win) => watch(win))]);
                }
                disable() {
                    this._signals.forEach(([object, id]) => object.disconnect(id));
                }
            }
            """
        try Self.writeExtension(
            uuid: Self.uuid, body: body, shellVersion: shellVersion, to: extensionDirectory,
            description: "Reports when a window is drawn.")
    }

    /// Writes a Shell extension of the bench's own whose `body` defines `class Observer` with `enable()` and
    /// `disable()`, in the Shell's own generation (as the AppLock extension has it, ``GnomeShellExtensions``): an ES
    /// module from GNOME 45, an `imports` script before. `Gio`, `GLib` and `Main` are in scope.
    static func writeExtension(uuid: String, body: String, shellVersion: Int, to directory: URL, description: String) throws {
        let modules = shellVersion >= GnomeShellExtensions.firstModuleVersion
        let versions = modules ? #"["45", "46", "47", "48", "49", "50", "51"]"# : #"["43", "44"]"#
        let script = modules ? """
            import Gio from 'gi://Gio';
            import GLib from 'gi://GLib';
            import * as Main from 'resource:///org/gnome/shell/ui/main.js';
            import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';
            \(body)
            export default class ObserverExtension extends Extension {
                enable() { this._observer = new Observer(); this._observer.enable(); }
                disable() { this._observer.disable(); this._observer = null; }
            }
            """ : """
            const { Gio, GLib } = imports.gi;
            const Main = imports.ui.main;
            \(body)
            function init() { return new Observer(); }
            """
        try """
            {"uuid": "\(uuid)", "name": "AppLock bench observer", "description": "\(description)",
             "shell-version": \(versions)}
            """.write(to: directory.appendingPathComponent("metadata.json"), atomically: true, encoding: .utf8)
        try script.write(to: directory.appendingPathComponent("extension.js"), atomically: true, encoding: .utf8)
    }

    func reset() {
        condition.lock()
        arrival = nil
        condition.unlock()
    }

    /// When the Shell next hid (`shown: false`) or showed the window, or nil after `timeout` seconds.
    func waitFor(shown: Bool, timeout: Double) -> UInt64? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while arrival?.shown != shown {
            if !condition.wait(until: deadline) { break }
        }
        return arrival?.shown == shown ? arrival?.at : nil
    }

    /// Waits until the window is drawn now (whenever that began), for up to `timeout` seconds.
    func waitUntilShownNow(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while lastShown != true {
            if !condition.wait(until: deadline) { break }
        }
        return lastShown == true
    }

    func close() {
        _ = try? thread.sync { [connection] in connection?.close() }
        thread.stop()
    }
}
