public import Foundation

/// A headless X server (Xvfb) with a real window manager (openbox) for tests of windows, or without one to hold a
/// nested compositor's output window (``KWinSession`` on Plasma 6 without a GPU), owned by a ``TestEnvironment``:
/// every process started here ends with it.
public final class XDisplay: @unchecked Sendable {
    /// The display name, e.g. `:93`.
    public let name: String
    /// The environment's variables plus `DISPLAY`.
    public let environment: [String: String]
    private let owner: TestEnvironment

    /// Starts Xvfb at `width`×`height` and a window manager on it, openbox by default (unless `windowManager` is
    /// false); returns once the window
    /// manager is up (`_NET_SUPPORTING_WM_CHECK` is on the root window, so clients started now are managed at once).
    /// `manager` is the window manager's command line.
    public init(
        environment owner: TestEnvironment, width: Int = 1280, height: Int = 800, windowManager: Bool = true,
        manager: [String] = ["openbox"]
    ) throws {
        self.owner = owner
        let log = owner.logDirectory.appendingPathComponent("xvfb-\(UUID().uuidString.prefix(8)).log")
        // A display number of its own: -displayfd would race other test runs for the lowest free one.
        var number = 0
        var started = false
        for _ in 0..<5 where !started {
            number = Int.random(in: 100..<1000)
            guard !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") else { continue }
            let server = try CommandRunner.launch(
                // -noreset: by default the server resets when its last client leaves (the readiness probe below),
                // and a client connecting during the reset, such as openbox on a loaded machine, is refused.
                ["Xvfb", ":\(number)", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"],
                environment: owner.environment, log: log)
            owner.track(server.processIdentifier)
            // Ours only when the lock file names our server: another run may have taken the number meanwhile.
            let pid = server.processIdentifier
            started = waitUntil(timeout: .seconds(15), pollEvery: .milliseconds(20)) {
                !server.isRunning || (FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
                    && CommandRunner.readText(URL(fileURLWithPath: "/tmp/.X\(number)-lock"))
                        .trimmingCharacters(in: .whitespacesAndNewlines) == String(pid))
            } && server.isRunning
        }
        guard started else { throw TestSupportError("Xvfb did not start: \(CommandRunner.readText(log))") }
        name = ":\(number)"
        environment = owner.environment.merging(["DISPLAY": name]) { $1 }
        guard waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(50), { run(["xprop", "-root"]).succeeded }) else {
            throw TestSupportError("Xvfb \(name) does not answer: \(CommandRunner.readText(log))")
        }
        guard windowManager else { return }
        // openbox exits when it cannot take the display; start it again until it holds it.
        let managerLog = owner.logDirectory.appendingPathComponent("\(manager[0])-\(number).log")
        var managed = false
        for _ in 0..<3 where !managed {
            let manager = try CommandRunner.launch(manager, environment: environment, log: managerLog)
            owner.track(manager.processIdentifier)
            managed = waitUntil(timeout: .seconds(20), pollEvery: .milliseconds(50)) {
                !manager.isRunning || run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"]).stdout.contains("window id")
            } && manager.isRunning
        }
        guard managed else {
            throw TestSupportError("\(manager[0]) did not take the display \(name): \(CommandRunner.readText(managerLog))")
        }
    }

    /// Starts `argv` on this display in the background (output appended to `log`); it ends with the environment.
    public func launch(_ argv: [String], extraEnvironment: [String: String] = [:], log: URL) throws -> Process {
        let process = try CommandRunner.launch(argv, environment: environment.merging(extraEnvironment) { $1 }, log: log)
        owner.track(process.processIdentifier)
        return process
    }

    /// Runs `argv` on this display to completion (xdotool, xprop, xwininfo…).
    public func run(_ argv: [String], input: String? = nil, timeout: Duration = .seconds(30)) -> CommandResult {
        CommandRunner.run(argv, environment: environment, input: input, scratch: owner.root, timeout: timeout)
    }

    /// Maps a plain override-redirect window (what a guard's cover is: no window manager frame) of the given
    /// geometry, filled with dark grey, from a small python3-xlib client; returns its X window id and that
    /// client, whose end destroys the window.
    public func mapCoverWindow(x: Int, y: Int, width: Int, height: Int) throws -> (id: UInt, owner: Process) {
        let script = """
            import sys, signal
            from Xlib import display, X
            d = display.Display()
            s = d.screen()
            x, y, w, h = (int(a) for a in sys.argv[1:5])
            win = s.root.create_window(x, y, w, h, 0, s.root_depth, X.InputOutput, X.CopyFromParent,
                                       background_pixel=0x303030, override_redirect=True)
            win.map()
            d.sync()
            print(win.id, flush=True)
            signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
            while True:
                d.next_event()
            """
        let log = owner.logDirectory.appendingPathComponent("cover-\(UUID().uuidString.prefix(6)).log")
        let process = try launch(
            ["/usr/bin/python3", "-c", script, String(x), String(y), String(width), String(height)], log: log)
        var id: UInt?
        _ = waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(10)) {
            id = UInt(CommandRunner.readText(log).trimmingCharacters(in: .whitespacesAndNewlines))
            return id != nil || !process.isRunning
        }
        guard let id else { throw TestSupportError("the cover window did not map: \(CommandRunner.readText(log))") }
        return (id, process)
    }

    /// Starts an XSETTINGS manager on this display, as gnome-settings-daemon's xsettings plugin is on GNOME on X11,
    /// serving the integer setting `name` (GNOME's Large Text: `Xft/DPI`, 96 × 1024 × the factor) to the clients started
    /// after it; returns once it owns `_XSETTINGS_S0`, a handle that publishes a new value as the user's change would
    /// (``XSettingsManager/publish(_:)``). It ends with the environment.
    @discardableResult
    public func serveXSettings(_ name: String, _ value: Int32) throws -> XSettingsManager {
        let tag = UUID().uuidString.prefix(6)
        let log = owner.logDirectory.appendingPathComponent("xsettings-\(tag).log")
        let values = owner.logDirectory.appendingPathComponent("xsettings-\(tag).fifo")
        guard mkfifo(values.path, 0o600) == 0 else { throw TestSupportError("mkfifo \(values.path): errno \(errno)") }
        let process = try launch(["/usr/bin/python3", "-c", Self.xsettingsManagerScript, name, String(value), values.path],
                                 log: log)
        guard waitUntil(timeout: .seconds(10), { CommandRunner.readText(log).contains("serving") || !process.isRunning }),
              process.isRunning else {
            throw TestSupportError("the XSETTINGS manager did not start: \(CommandRunner.readText(log))")
        }
        return XSettingsManager(values: values, log: log)
    }

    /// Owns `_XSETTINGS_S0` with one integer setting (argv: its name and value) until killed; prints "serving" once
    /// it owns the selection and has told the clients on the root window. Each value written to the FIFO named third
    /// is published in its place, with the next serial, as a settings daemon does when the user changes it; it prints
    /// "published VALUE" once the server has it.
    private static let xsettingsManagerScript = """
        import os, select, struct, sys, signal
        from Xlib import display, X
        from Xlib.protocol import event
        name, value, fifo = sys.argv[1].encode(), int(sys.argv[2]), sys.argv[3]
        values = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        writer = os.open(fifo, os.O_WRONLY)  # kept open: the FIFO never reads as ended
        d = display.Display()
        s = d.screen()
        w = s.root.create_window(-1, -1, 1, 1, 0, X.CopyFromParent)
        selection = d.intern_atom("_XSETTINGS_S0")
        settings = d.intern_atom("_XSETTINGS_SETTINGS")
        padding = b"\\0" * (-len(name) % 4)
        def publish(value, serial):
            # Little-endian (LSBFirst = 0), the serial, one setting: type 0 (integer), the name, its serial, the value.
            data = struct.pack("<B3xII", 0, serial, 1) + struct.pack("<BxH", 0, len(name)) + name + padding
            data += struct.pack("<Ii", serial, value)
            w.change_property(settings, settings, 8, data)
        publish(value, 0)
        w.set_selection_owner(selection, X.CurrentTime)
        d.sync()
        manager = event.ClientMessage(window=s.root, client_type=d.intern_atom("MANAGER"),
                                      data=(32, [X.CurrentTime, selection, w.id, 0, 0]))
        s.root.send_event(manager, event_mask=X.StructureNotifyMask)
        d.sync()
        print("serving", flush=True)
        signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
        serial = 0
        while True:
            ready, _, _ = select.select([d.fileno(), values], [], [])
            if values in ready:
                for line in os.read(values, 4096).decode().split():
                    serial += 1
                    publish(int(line), serial)
                    d.sync()
                    print("published", line, flush=True)
            while d.pending_events():
                d.next_event()
        """

    /// Saves the whole screen as a PNG at `url`.
    public func screenshot(to url: URL) throws {
        let result = run(["import", "-window", "root", url.path])
        guard result.status == 0 else { throw TestSupportError("screenshot failed: \(result.stderr)") }
    }
}
