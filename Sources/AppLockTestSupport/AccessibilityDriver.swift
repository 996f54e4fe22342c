import Foundation

/// Reads and drives the accessible objects of the applications on an ``XDisplay`` or in a ``KWinSession`` through
/// AT-SPI, as a screen reader user would (`/usr/bin/python3` with pyatspi, on the AT-SPI bus the session started with
/// `startBus`). Objects are found by their accessible name; each call waits for its object with a deadline. Pressing
/// Tab (``tabCycle(in:limit:)``) goes through the X server, so it needs an ``XDisplay``.
public struct AccessibilityDriver: Sendable {
    private let runCommand: @Sendable ([String], Duration) -> CommandResult

    public init(display: XDisplay) {
        runCommand = { display.run($0, timeout: $1) }
    }

    /// Reads the native Wayland clients of KWin's session (and its Xwayland's) as Plasma's screen reader does.
    public init(kwin session: KWinSession) {
        runCommand = { session.run($0, timeout: $1) }
    }

    /// Starts `at-spi-bus-launcher` on the display's session bus and waits for `org.a11y.Bus`.
    public static func startBus(on display: XDisplay, environment: TestEnvironment) throws {
        _ = try display.launch(
            ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
            log: environment.logDirectory.appendingPathComponent("at-spi.log"))
        guard environment.waitForName("org.a11y.Bus") else { throw TestSupportError("the AT-SPI bus did not start") }
    }

    /// Starts `at-spi-bus-launcher` on the session bus of KWin's session and waits for `org.a11y.Bus`.
    public static func startBus(in session: KWinSession) throws -> SessionProcess {
        let launcher = try session.launch(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], logName: "at-spi")
        guard session.environment.waitForName("org.a11y.Bus") else {
            throw TestSupportError("the AT-SPI bus did not start: \(launcher.logText())")
        }
        return launcher
    }

    /// Waits until an object's name or text contains `text`; its `role<TAB>name<TAB>text` line, nil after `timeout`.
    /// With `showing`, only an object on screen counts: what its window finds at the object's centre (on the page
    /// that is shown, not on one behind it; GTK 4 sets AT-SPI's `showing` state on no widget).
    public func find(_ text: String, showing: Bool = false, timeout: Int = 15) -> String? {
        let result = run(["find", text, showing ? "showing" : ""], timeout: timeout)
        return result.status == 0 ? result.stdout : nil
    }

    /// Presses Tab (through the X server, as a keyboard does) until the focus comes back to where it started or
    /// `limit` presses, waiting after each for AT-SPI's focus event; the objects that took the focus, in order, as
    /// `role<TAB>name` lines. The application whose name contains `application` must have the focus first.
    public func tabCycle(in application: String, limit: Int = 120) -> [String] {
        let result = run(["tabs", application, String(limit)], timeout: 30 + 5 * limit)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Every object of the applications whose name contains `application`, as `role<TAB>name<TAB>text<TAB>states`.
    public func tree(of application: String) -> [String] {
        run(["dump", application], timeout: 10).stdout.split(separator: "\n").map(String.init)
    }

    /// Performs the first action (click, toggle, activate) of the object named `name`, in the application whose
    /// name contains `application` when given; false when there is none.
    @discardableResult
    public func activate(_ name: String, role: String? = nil, in application: String? = nil) -> Bool {
        run(["activate", name, role ?? "", "", application ?? ""], timeout: 10).status == 0
    }

    /// Sets the value of the object named `name` (a spin button, a slider) through AT-SPI's Value interface, as a
    /// screen reader's adjust does; false when there is none.
    @discardableResult
    public func setValue(_ value: Double, of name: String, role: String? = nil) -> Bool {
        run(["value", name, role ?? "", String(value)], timeout: 10).status == 0
    }

    /// The box of the object named `name` in its window's coordinates (AT-SPI's Component extents); nil when there
    /// is none.
    public func box(of name: String, role: String? = nil) -> (x: Int, y: Int, width: Int, height: Int)? {
        let result = run(["box", name, role ?? ""], timeout: 10)
        let numbers = result.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard result.status == 0, numbers.count == 4 else { return nil }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    /// The AT-SPI states of the object named `name` (`sensitive`, `checked`, `focused`…); nil when there is none.
    public func states(of name: String, role: String? = nil) -> Set<String>? {
        let result = run(["states", name, role ?? ""], timeout: 10)
        guard result.status == 0 else { return nil }
        return Set(result.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    }

    /// The AT-SPI description of the object named `name` (what a screen reader says after its name); nil when there
    /// is none.
    public func description(of name: String, role: String? = nil) -> String? {
        let result = run(["description", name, role ?? ""], timeout: 10)
        guard result.status == 0 else { return nil }
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    private func run(_ arguments: [String], timeout: Int) -> CommandResult {
        runCommand(["/usr/bin/python3", "-c", Self.script, String(timeout)] + arguments, .seconds(timeout + 15))
    }

    static let script = """
        import sys, time
        import pyatspi

        def walk(node, depth=0):
            if node is None or depth > 60:
                return
            yield node
            for i in range(node.childCount):
                yield from walk(node.getChildAtIndex(i), depth + 1)

        def text_of(node):
            try:
                t = node.queryText()
                return t.getText(0, t.characterCount)
            except Exception:
                return ""

        def states(node):
            return sorted(pyatspi.stateToString(s) for s in node.getState().getStates())

        def named(name, role, application=""):
            for app in pyatspi.Registry.getDesktop(0):
                if app is None or application not in (app.name or ""):
                    continue
                for node in walk(app):
                    if node.name == name and (not role or node.getRoleName() == role):
                        return node
            return None

        def on_screen(node):
            # GTK 4 marks every widget of every page "visible" and none "showing": an object is on screen when its
            # window, asked what lies at the object's centre, answers with the object itself.
            extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            if extents.width <= 0 or extents.height <= 0:
                return False
            x, y = extents.x + extents.width // 2, extents.y + extents.height // 2
            window = node
            while window.parent is not None and window.getRoleName() not in ("frame", "window", "dialog"):
                window = window.parent
            for _ in range(80):
                window = window.queryComponent().getAccessibleAtPoint(x, y, pyatspi.WINDOW_COORDS)
                if window is None or window == node:
                    return window is not None
            return False

        def tab_cycle(application, limit, deadline):
            from gi.repository import GLib
            from Xlib import X, XK, display
            from Xlib.ext import xtest
            focused = []
            def on_focus(event):
                app = event.host_application
                if event.detail1 == 1 and app is not None and application in (app.name or ""):
                    focused.append("%s\\t%s" % (event.source.getRoleName(), event.source.name or ""))
            pyatspi.Registry.registerEventListener(on_focus, "object:state-changed:focused")
            x = display.Display()
            tab = x.keysym_to_keycode(XK.string_to_keysym("Tab"))
            context = GLib.MainContext.default()
            seen = []
            for _ in range(limit):
                count = len(focused)
                xtest.fake_input(x, X.KeyPress, tab)
                xtest.fake_input(x, X.KeyRelease, tab)
                x.sync()
                step = time.time() + 15
                while len(focused) == count and time.time() < min(step, deadline):
                    context.iteration(False) or time.sleep(0.01)
                if len(focused) == count:
                    print("tabs: no focus event after %d presses" % len(seen), file=sys.stderr)
                    return 1
                if focused[-1] in seen[:1]:
                    break
                seen.append(focused[-1])
            print("\\n".join(seen))
            return 0

        seconds, command = float(sys.argv[1]), sys.argv[2]
        deadline = time.time() + seconds
        while True:
            # Objects come and go while a page slides in or out; one that vanishes or refuses is looked for again.
            try:
                if command == "find":
                    showing = len(sys.argv) > 4 and sys.argv[4] == "showing"
                    for app in pyatspi.Registry.getDesktop(0):
                        if app is None:
                            continue
                        for node in walk(app):
                            text = text_of(node)
                            if (sys.argv[3] in (node.name or "") or sys.argv[3] in text) and (
                                    not showing or on_screen(node)):
                                print("%s\\t%s\\t%s" % (node.getRoleName(), node.name or "", text))
                                sys.exit(0)
                elif command == "tabs":
                    sys.exit(tab_cycle(sys.argv[3], int(sys.argv[4]), deadline))
                elif command == "dump":
                    for app in pyatspi.Registry.getDesktop(0):
                        if app is not None and sys.argv[3] in (app.name or ""):
                            for node in walk(app):
                                print("%s\\t%s\\t%s\\t%s" % (node.getRoleName(), node.name or "",
                                      text_of(node).replace("\\n", " "), " ".join(states(node))))
                            sys.exit(0)
                else:
                    node = named(sys.argv[3], sys.argv[4], sys.argv[6] if len(sys.argv) > 6 else "")
                    if node is not None:
                        if command == "activate":
                            node.queryAction().doAction(0)
                        elif command == "box":
                            e = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                            print("%d %d %d %d" % (e.x, e.y, e.width, e.height))
                        elif command == "value":
                            node.queryValue().currentValue = float(sys.argv[5])
                        elif command == "states":
                            print(" ".join(states(node)))
                        elif command == "description":
                            print(node.description or "")
                        sys.exit(0)
            except Exception as error:
                print("%s: %s" % (command, error), file=sys.stderr)
            if time.time() > deadline:
                sys.exit(1)
            time.sleep(0.2)
        """
}
