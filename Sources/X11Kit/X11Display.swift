internal import CX11

/// One connection to an X server: the only owner of Xlib's `Display`, used from one thread.
///
/// Errors that name windows which went away meanwhile (`BadWindow`, `BadMatch`, …) are expected while
/// following other clients' windows; they are ignored instead of ending the process (Xlib's default).
public final class X11Display {
    let display: OpaquePointer
    /// The root window of the default screen.
    public let root: X11Window
    private var atoms: [String: Atom] = [:]
    let clientListAtom: Atom
    let activeWindowAtom: Atom
    let windowStateAtom: Atom
    let wmStateAtom: Atom
    let wmClassAtom: Atom
    let gtkApplicationIDAtom: Atom
    let processIDAtom: Atom
    let transientForAtom: Atom
    let xsettingsAtom: Atom
    /// The XFixes extension's first event number (0 when the server lacks it).
    var fixesEventBase: Int32 = 0

    /// Opens `name` (nil: `$DISPLAY`).
    public init(name: String? = nil) throws(X11Error) {
        let opened: OpaquePointer? = if let name { XOpenDisplay(name) } else { XOpenDisplay(nil) }
        guard let opened else { throw X11Error("cannot open display \(name ?? "$DISPLAY")") }
        display = opened
        XSetErrorHandler(ignoreProtocolError)
        root = X11Window(UInt32(truncatingIfNeeded: XDefaultRootWindow(opened)))
        clientListAtom = XInternAtom(opened, "_NET_CLIENT_LIST", 0)
        activeWindowAtom = XInternAtom(opened, "_NET_ACTIVE_WINDOW", 0)
        windowStateAtom = XInternAtom(opened, "_NET_WM_STATE", 0)
        wmStateAtom = XInternAtom(opened, "WM_STATE", 0)
        wmClassAtom = XInternAtom(opened, "WM_CLASS", 0)
        gtkApplicationIDAtom = XInternAtom(opened, "_GTK_APPLICATION_ID", 0)
        processIDAtom = XInternAtom(opened, "_NET_WM_PID", 0)
        transientForAtom = XInternAtom(opened, "WM_TRANSIENT_FOR", 0)
        xsettingsAtom = XInternAtom(opened, "_XSETTINGS_SETTINGS", 0)
    }

    deinit {
        XCloseDisplay(display)
    }

    /// The connection's file descriptor: readable when events may be waiting.
    public var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// Sends every buffered request to the server.
    public func flush() { XFlush(display) }

    /// Sends every buffered request and waits until the server has handled them.
    public func sync() { XSync(display, 0) }

    /// The next event already read or readable without blocking; nil when there is none.
    public func nextEvent() -> X11Event? {
        guard XPending(display) > 0 else { return nil }
        var event = XEvent()
        XNextEvent(display, &event)
        return Self.decode(&event, atomsOf: self)
    }

    /// Interns `name` (cached).
    func atom(_ name: String) -> Atom {
        if let atom = atoms[name] { return atom }
        let atom = XInternAtom(display, name, 0)
        atoms[name] = atom
        return atom
    }

    func property(of atom: Atom) -> X11Property {
        switch atom {
        case clientListAtom: .clientList
        case activeWindowAtom: .activeWindow
        case windowStateAtom, wmStateAtom: .windowState
        case wmClassAtom: .windowClass
        case gtkApplicationIDAtom: .applicationID
        case processIDAtom: .processID
        case transientForAtom: .transientFor
        default: .other
        }
    }

    private static func decode(_ event: inout XEvent, atomsOf display: X11Display) -> X11Event {
        func window(_ xid: Window) -> X11Window { X11Window(UInt32(truncatingIfNeeded: xid)) }
        switch event.type {
        case CreateNotify:
            let e = event.xcreatewindow
            return .created(window(e.window), parent: window(e.parent), overrideRedirect: e.override_redirect != 0)
        case DestroyNotify: return .destroyed(window(event.xdestroywindow.window))
        case MapNotify: return .mapped(window(event.xmap.window))
        case UnmapNotify: return .unmapped(window(event.xunmap.window))
        case ConfigureNotify:
            let e = event.xconfigure
            let border = UInt32(max(0, e.border_width))
            return .configured(window(e.window), rect: X11Rect(
                x: e.x, y: e.y, width: UInt32(max(1, e.width)) + 2 * border, height: UInt32(max(1, e.height)) + 2 * border),
                above: e.above == 0 ? nil : window(e.above))
        case ReparentNotify: return .reparented(window(event.xreparent.window), parent: window(event.xreparent.parent))
        case PropertyNotify where event.xproperty.atom == display.xsettingsAtom:
            return .xsettingsChanged
        case PropertyNotify:
            return .propertyChanged(window(event.xproperty.window), display.property(of: event.xproperty.atom))
        case ButtonPress: return .buttonPressed(window(event.xbutton.window))
        case KeyPress: return .keyPressed(keycode: event.xkey.keycode, state: event.xkey.state)
        case Expose: return event.xexpose.count == 0 ? .exposed(window(event.xexpose.window)) : .other
        case display.fixesEventBase + XFixesSelectionNotify where display.fixesEventBase != 0:
            let selection = withUnsafePointer(to: &event) {
                $0.withMemoryRebound(to: XFixesSelectionNotifyEvent.self, capacity: 1) { $0.pointee.selection }
            }
            guard selection == display.xsettingsSelection else { return .compositorChanged }
            // A new manager: its settings property is heard from now on.
            display.watchXSettingsManager()
            return .xsettingsChanged
        default: return .other
        }
    }
}

@available(*, unavailable) extension X11Display: Sendable {}

/// Xlib's error handler: protocol errors about windows that went away are expected here, so none ends the process.
private let ignoreProtocolError: XErrorHandler = { _, _ in 0 }
