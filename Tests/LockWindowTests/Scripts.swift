/// The small Python programs the tests run with `/usr/bin/python3` (python3-xlib, pyatspi).
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

    /// Waits (up to `argv[2]` seconds) until some accessible object of the desktop has a name or text containing
    /// `argv[1]`; prints its role and text and exits 0, or exits 1. With `argv[1]` = `--dump`, prints every
    /// object of the applications whose name contains `argv[3]` as `role<TAB>name<TAB>text` and exits 0. With
    /// `argv[1]` = `--press`, waits for a push button named `argv[3]`, activates it (as a screen reader user
    /// would) and exits 0.
    static let accessibility = """
        import sys, time
        import pyatspi

        def walk(node, depth=0):
            if node is None or depth > 40:
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

        want, seconds = sys.argv[1], float(sys.argv[2])
        deadline = time.time() + seconds
        while True:
            desktop = pyatspi.Registry.getDesktop(0)
            for app in desktop:
                if app is None:
                    continue
                if want == "--dump":
                    if sys.argv[3] not in (app.name or ""):
                        print("skipped application %r" % app.name, file=sys.stderr)
                        continue
                    for node in walk(app):
                        print("%s\\t%s\\t%s" % (node.getRoleName(), node.name or "", text_of(node).replace("\\n", " ")))
                    sys.exit(0)
                if want == "--press":
                    for node in walk(app):
                        if node.getRoleName() == "push button" and node.name == sys.argv[3]:
                            node.queryAction().doAction(0)
                            sys.exit(0)
                    continue
                for node in walk(app):
                    text = text_of(node)
                    if want in (node.name or "") or want in text:
                        print("%s\\t%s\\t%s" % (node.getRoleName(), node.name or "", text))
                        sys.exit(0)
            if time.time() > deadline:
                sys.exit(1)
            time.sleep(0.2)
        """
}
