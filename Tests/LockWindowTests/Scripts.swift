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
}
