/// The small Python programs the lock-window tests run with `/usr/bin/python3` (python3-xlib).
enum Scripts {
    /// Holds an active keyboard grab on a small window of its own until killed (another program that has the
    /// keyboard when the lock window starts); prints "grabbed" once it has it.
    static let keyboardGrabber = """
        import sys, signal
        from Xlib import display, X
        d = display.Display()
        s = d.screen()
        w = s.root.create_window(0, 0, 10, 10, 0, s.root_depth, X.InputOutput, X.CopyFromParent,
                                 override_redirect=True)
        w.map()
        d.sync()
        while w.grab_keyboard(True, X.GrabModeAsync, X.GrabModeAsync, X.CurrentTime) != X.GrabSuccess:
            d.sync()
        d.sync()
        print("grabbed", flush=True)
        signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
        while True:
            d.next_event()
        """

    /// An XSETTINGS manager, as gnome-settings-daemon's xsettings plugin is on GNOME on X11, serving one integer
    /// setting (argv: its name and value, e.g. `Xft/DPI 196608`) until killed; prints "serving" once it owns
    /// `_XSETTINGS_S0` and has told the clients on the root window.
    static let xsettingsManager = """
        import struct, sys, signal
        from Xlib import display, X
        from Xlib.protocol import event
        name, value = sys.argv[1].encode(), int(sys.argv[2])
        d = display.Display()
        s = d.screen()
        w = s.root.create_window(-1, -1, 1, 1, 0, X.CopyFromParent)
        selection = d.intern_atom("_XSETTINGS_S0")
        settings = d.intern_atom("_XSETTINGS_SETTINGS")
        padding = b"\\0" * (-len(name) % 4)
        # Little-endian (LSBFirst = 0), serial 0, one setting: type 0 (integer), the name, its serial, the value.
        data = struct.pack("<B3xII", 0, 0, 1) + struct.pack("<BxH", 0, len(name)) + name + padding
        data += struct.pack("<Ii", 0, value)
        w.change_property(settings, settings, 8, data)
        w.set_selection_owner(selection, X.CurrentTime)
        d.sync()
        manager = event.ClientMessage(window=s.root, client_type=d.intern_atom("MANAGER"),
                                      data=(32, [X.CurrentTime, selection, w.id, 0, 0]))
        s.root.send_event(manager, event_mask=X.StructureNotifyMask)
        d.sync()
        print("serving", flush=True)
        signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
        while True:
            d.next_event()
        """
}
