import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing
import WaylandKit

/// The guard's status item in a real panel: Debian's waybar (its tray module is a StatusNotifierWatcher and a host) on
/// headless sway, the real agent and the sway guard with foot as the guarded app. The tray shows the padlock, a click
/// through a virtual pointer opens its menu, and a click on "Lock All Now" locks every protected app.
@Suite("Status item in waybar on sway", .serialized)
struct SwayStatusItemTests {
    /// The bar's own colours, so that what the tray draws stands out: a plain background, a white menu whose hovered
    /// item is red.
    static let barColour = "#203040"
    static let menuColour = "#FFFFFF"
    static let hoveredColour = "#FF0000"
    static let barHeight = 30

    static let style = """
        * { font-family: sans-serif; font-size: 13px; border: none; border-radius: 0; box-shadow: none; }
        window#waybar { background-color: #203040; }
        menu, menu menuitem { background-color: #FFFFFF; color: #000000; }
        menu menuitem:hover { background-color: #FF0000; color: #000000; }
        """

    /// The smallest rectangle of `image` (inside `area`) holding every pixel that is not `background`.
    static func box(in image: URL, area: XSession.Rect, notColour background: String, _ environment: TestEnvironment)
        -> XSession.Rect?
    {
        let result = environment.run([
            "convert", image.path, "-crop", area.description, "+repage", "-alpha", "off", "-fill", "black", "-opaque",
            background, "-fill", "white", "+opaque", "black", "-format", "%@", "info:",
        ])
        let numbers = result.stdout.split { !$0.isNumber }.compactMap { Int($0) }
        guard result.succeeded, numbers.count == 4, numbers[0] > 1 || numbers[1] > 1 else { return nil }
        return XSession.Rect(x: numbers[2] + area.x, y: numbers[3] + area.y, width: numbers[0], height: numbers[1])
    }

    /// How many pixels inside `area` differ between two screenshots.
    static func changedPixels(_ a: URL, _ b: URL, in area: XSession.Rect, _ environment: TestEnvironment) -> Int {
        let result = environment.run(["compare", "-metric", "AE", "-extract", area.description, a.path, b.path, "null:"])
        return Int(result.stderr.split(separator: " ").first.map(String.init) ?? "") ?? 0
    }

    @Test("waybar's tray shows the item; a click opens its menu, and Lock All Now locks every protected app")
    func waybarShowsTheItemAndItsMenuLocks() throws {
        let harness = try SwayGuardHarness("sway-status-item")
        let environment = harness.environment
        let session = harness.session
        let folder = environment.root.appendingPathComponent("waybar")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config")
        try """
            {"layer": "top", "position": "top", "height": \(Self.barHeight), "modules-right": ["tray"],
             "tray": {"icon-size": 20, "spacing": 8}}
            """.write(to: config, atomically: true, encoding: .utf8)
        let style = folder.appendingPathComponent("style.css")
        try Self.style.write(to: style, atomically: true, encoding: .utf8)
        let waybar = try session.launch(["waybar", "-c", config.path, "-s", style.path], logName: "waybar")
        defer { waybar.stop() }
        #expect(environment.waitForName("org.kde.StatusNotifierWatcher", timeout: .seconds(20)), "\(waybar.logText())")

        try harness.startGuard()
        try harness.startApp()
        #expect(harness.waitForState("locked"), "\(harness.guardLog())")
        try harness.unlockWithApplockctl()
        #expect(harness.waitForState("unlocked"), "\(harness.guardLog())")

        let output = try #require(session.outputs().first)
        let bar = XSession.Rect(x: 0, y: 0, width: output.width, height: Self.barHeight)
        let shot = environment.root.appendingPathComponent("bar.png")
        var icon: XSession.Rect?
        let shown = waitUntil(timeout: .seconds(20), pollEvery: .milliseconds(200)) {
            guard (try? session.screenshot(to: shot)) != nil else { return false }
            icon = Self.box(in: shot, area: bar, notColour: Self.barColour, environment)
            return icon.map { $0.width >= 10 && $0.height >= 10 } ?? false
        }
        keep(shot, "1-tray")
        let item = try #require(icon, "the tray shows nothing: \(waybar.logText())\n\(harness.guardLog())")
        #expect(shown, "the tray shows \(item), not an icon")

        // The bar learns of the new pointer asynchronously: move it onto the icon, and once waybar shows the item's
        // tooltip below the bar it has the pointer; then click.
        let pointer = try WlrVirtualPointer(display: session.variables["WAYLAND_DISPLAY"] ?? "")
        let (width, height) = (UInt32(output.width), UInt32(output.height))
        let centre = (x: UInt32(item.x + item.width / 2), y: UInt32(item.y + item.height / 2))
        try pointer.move(x: centre.x, y: centre.y, width: width, height: height)
        let below = XSession.Rect(x: 0, y: Self.barHeight, width: output.width, height: output.height - Self.barHeight)
        let near = XSession.Rect(x: max(0, item.x - 300), y: Self.barHeight, width: min(600, output.width - max(0, item.x - 300)),
                                 height: 120)
        let before = environment.root.appendingPathComponent("before.png")
        try FileManager.default.copyItem(at: shot, to: before)
        let tooltip = waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100)) {
            guard (try? session.screenshot(to: shot)) != nil else { return false }
            return Self.changedPixels(before, shot, in: near, environment) > 50
        }
        keep(shot, "2-hovered")
        #expect(tooltip, "nothing showed under the pointer")
        try pointer.click(x: centre.x, y: centre.y, width: width, height: height)

        var menu: XSession.Rect?
        let opened = waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100)) {
            guard (try? session.screenshot(to: shot)) != nil else { return false }
            menu = try? ImageProbe.boundingBox(in: shot, colour: Self.menuColour, inside: below, environment: environment)
            return menu.map { $0.height >= 60 } ?? false
        }
        keep(shot, "3-menu")
        let list = try #require(menu, "no menu opened: \(waybar.logText())")
        #expect(opened, "the menu is \(list)")

        // "Lock All Now" is the first item: hovered it turns red, at the top of the menu.
        let first = (x: UInt32(list.x + list.width / 2), y: UInt32(list.y + 14))
        try pointer.move(x: first.x, y: first.y, width: width, height: height)
        var hovered: XSession.Rect?
        let lit = waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100)) {
            guard (try? session.screenshot(to: shot)) != nil else { return false }
            hovered = try? ImageProbe.boundingBox(in: shot, colour: Self.hoveredColour, inside: list, environment: environment)
            return hovered != nil
        }
        keep(shot, "4-lock-all-now")
        #expect(lit, "the first item never lit up under the pointer")
        #expect(hovered.map { $0.y - list.y < 12 } ?? false, "the lit item \(String(describing: hovered)) is not the first of \(list)")
        try pointer.click(x: first.x, y: first.y, width: width, height: height)
        #expect(harness.waitForState("locked"), "\(harness.guardLog())")
        #expect(harness.guardLog().contains("locking every app, as chosen from the status item"), "\(harness.guardLog())")
        #expect(harness.waitUntilHidden(label: "5-locked"))
    }

    private func keep(_ shot: URL, _ label: String) {
        let kept = WaylandGuardHarness.artifacts.appendingPathComponent("sway-status-item-\(label).png")
        try? FileManager.default.removeItem(at: kept)
        try? FileManager.default.copyItem(at: shot, to: kept)
    }
}
