public import Foundation
import Glibc

/// An isolated desktop session for one test: temporary HOME and XDG directories, a private session bus,
/// optionally a private system bus, and on demand a real gnome-keyring, a mocked logind and mocked screensavers.
///
/// Nothing here touches the caller's own buses, keyring or home. `cleanup()` (also run from `deinit`) ends every
/// process the environment started; a watchdog child ends them too if the test process dies without cleaning up.
public final class TestEnvironment: @unchecked Sendable {
    /// The temporary directory holding everything else.
    public let root: URL
    /// `HOME` for child processes.
    public let home: URL
    /// `XDG_CONFIG_HOME`.
    public let configHome: URL
    /// `XDG_DATA_HOME`.
    public let dataHome: URL
    /// `XDG_STATE_HOME`.
    public let stateHome: URL
    /// `XDG_CACHE_HOME`.
    public let cacheHome: URL
    /// `XDG_RUNTIME_DIR` (mode 0700).
    public let runtimeDir: URL
    /// Where the logs of mocks and agents go.
    public let logDirectory: URL
    /// The private session bus.
    public let sessionBus: PrivateBus
    /// The private system bus, when requested.
    public let systemBus: PrivateBus?
    /// The environment for child processes: PATH kept, HOME/XDG_* ours, DBUS_SESSION_BUS_ADDRESS and
    /// DBUS_SYSTEM_BUS_ADDRESS pointing at our buses (the system address at a dead socket when there is none),
    /// DISPLAY and WAYLAND_DISPLAY unset so no prompter can show.
    public let environment: [String: String]

    /// The password that unlocks the test keyring.
    static let keyringPassword = "applock-test"
    /// The logind session the mock creates.
    public static let logindSessionPath = "/org/freedesktop/login1/session/c1"
    /// The logind manager object.
    public static let logindManagerPath = "/org/freedesktop/login1"

    private let pidFile: URL
    private let watchdog: FileHandle
    private let lock = NSLock()
    private var tracked: Set<pid_t> = []
    private var mocks: [String: Process] = [:]
    private var keyringPIDValue: pid_t?
    private var cleanedUp = false

    /// Creates the directories and the private buses.
    ///
    /// - Parameters:
    ///   - systemBus: also start a private system bus (needed by `startLogind()`).
    ///   - serviceDirectories: D-Bus activation directories for the session bus.
    public init(systemBus wantsSystemBus: Bool = false, serviceDirectories: [String] = []) throws {
        let fm = FileManager.default
        root = URL(fileURLWithPath: "/tmp").appendingPathComponent("applock-test-\(UUID().uuidString.prefix(12))")
        home = root.appendingPathComponent("home")
        configHome = root.appendingPathComponent("config")
        dataHome = root.appendingPathComponent("data")
        stateHome = root.appendingPathComponent("state")
        cacheHome = root.appendingPathComponent("cache")
        runtimeDir = root.appendingPathComponent("runtime")
        logDirectory = root.appendingPathComponent("logs")
        for directory in [home, configHome, dataHome, stateHome, cacheHome, logDirectory] {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try fm.createDirectory(at: runtimeDir, withIntermediateDirectories: true,
                               attributes: [.posixPermissions: 0o700])
        pidFile = root.appendingPathComponent("pids")
        _ = fm.createFile(atPath: pidFile.path, contents: nil)

        var env = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("DBUS_") && !key.hasPrefix("XDG_") && !key.hasPrefix("GNOME_KEYRING")
                && !["DISPLAY", "WAYLAND_DISPLAY", "SSH_AUTH_SOCK", "DESKTOP_SESSION"].contains(key)
        }
        env["HOME"] = home.path
        env["XDG_CONFIG_HOME"] = configHome.path
        env["XDG_DATA_HOME"] = dataHome.path
        env["XDG_STATE_HOME"] = stateHome.path
        env["XDG_CACHE_HOME"] = cacheHome.path
        env["XDG_RUNTIME_DIR"] = runtimeDir.path
        env["NO_AT_BRIDGE"] = "1"
        env["GSETTINGS_BACKEND"] = "memory"
        env["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=\(root.path)/no-system-bus"

        watchdog = try Self.startWatchdog(pidFile: pidFile, root: root, environment: env)

        let busDirectory = root.appendingPathComponent("bus")
        if wantsSystemBus {
            let bus = try PrivateBus(kind: .system, directory: busDirectory, environment: env)
            env["DBUS_SYSTEM_BUS_ADDRESS"] = bus.address
            systemBus = bus
        } else {
            systemBus = nil
        }
        sessionBus = try PrivateBus(
            kind: .session, directory: busDirectory, serviceDirectories: serviceDirectories, environment: env)
        env["DBUS_SESSION_BUS_ADDRESS"] = sessionBus.address
        environment = env
        track(sessionBus.pid)
        if let systemBus {
            track(systemBus.pid)
        }
    }

    deinit {
        cleanup()
    }

    // MARK: Commands

    /// Runs `argv` (the first element looked up on our PATH) with `environment` plus `extraEnvironment`.
    ///
    /// `input`, when given, is written to the command's stdin (use it for secrets: never put them in argv).
    public func run(
        _ argv: [String],
        input: String? = nil,
        extraEnvironment: [String: String] = [:],
        timeout: Duration = .seconds(30)
    ) -> CommandResult {
        CommandRunner.run(
            argv,
            environment: environment.merging(extraEnvironment) { $1 },
            input: input,
            scratch: root,
            timeout: timeout
        )
    }

    /// Calls `method` (`interface.Member`) with `gdbus call`; `arguments` are GVariant texts (`"'text'"`, `"true"`).
    public func call(
        _ bus: PrivateBus.Kind = .session,
        destination: String,
        path: String,
        method: String,
        _ arguments: [String] = [],
        timeout: Duration = .seconds(10)
    ) -> CommandResult {
        let argv = ["gdbus", "call", bus == .session ? "--session" : "--system",
                    "--dest", destination, "--object-path", path, "--method", method] + arguments
        return run(argv, timeout: timeout)
    }

    /// The process id of the connection owning `name` on the bus, or nil when nobody owns it.
    public func ownerPID(of name: String, on bus: PrivateBus.Kind = .session) -> Int32? {
        let result = run([
            "dbus-send", bus == .session ? "--session" : "--system", "--print-reply=literal",
            "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus.GetConnectionUnixProcessID", "string:\(name)",
        ], timeout: .seconds(5))
        guard result.succeeded, let last = result.stdout.split(whereSeparator: \.isWhitespace).last else {
            return nil
        }
        return pid_t(last)
    }

    /// Waits until `name` has an owner on the bus (polling no faster than every 20 ms).
    @discardableResult
    public func waitForName(_ name: String, on bus: PrivateBus.Kind = .session, timeout: Duration = .seconds(10))
        -> Bool
    {
        waitUntil(timeout: timeout, pollEvery: .milliseconds(20)) { ownerPID(of: name, on: bus) != nil }
    }

    // MARK: Keyring

    /// The running gnome-keyring-daemon's process id, if we started one.
    public var keyringPID: Int32? {
        lock.withLock { keyringPIDValue }
    }

    /// Starts gnome-keyring-daemon (secrets component) on our session bus and waits until it serves
    /// `org.freedesktop.secrets`. With `unlocked`, it creates or unlocks the `login` collection without a prompt;
    /// without, an existing `login` collection stays locked.
    public func startKeyring(unlocked: Bool = true) throws {
        try launchKeyring(unlocked ? ["--unlock"] : [])
        if unlocked, !waitUntil(timeout: .seconds(10), { !keyringLocked() }) {
            throw TestSupportError("the login collection did not become unlocked")
        }
    }

    /// Stops the keyring daemon and waits until `org.freedesktop.secrets` has no owner.
    public func stopKeyring() throws {
        guard let pid = keyringPID else { return }
        ProcessLiveness.stop(pid)
        untrack(pid)
        lock.withLock { keyringPIDValue = nil }
        if !waitForNameGone("org.freedesktop.secrets") {
            throw TestSupportError("org.freedesktop.secrets still has an owner after stopping the keyring")
        }
    }

    /// Locks the `login` collection (`secret-tool lock`, whose crash after locking is ignored) and verifies it.
    public func lockKeyring() throws {
        _ = run(["secret-tool", "lock", "--collection=login"], timeout: .seconds(10))
        if !waitUntil(timeout: .seconds(5), { keyringLocked() }) {
            throw TestSupportError("the login collection is not locked after secret-tool lock")
        }
    }

    /// Unlocks the `login` collection by replacing the daemon with one started with `--unlock` (no prompt).
    public func unlockKeyring() throws {
        try launchKeyring(["--replace", "--unlock"])
        if !waitUntil(timeout: .seconds(10), { !keyringLocked() }) {
            throw TestSupportError("the login collection is still locked after unlocking")
        }
    }

    /// Whether the `login` collection's `Locked` property reads true (false when it cannot be read).
    public func keyringLocked() -> Bool {
        let result = call(
            destination: "org.freedesktop.secrets",
            path: "/org/freedesktop/secrets/collection/login",
            method: "org.freedesktop.DBus.Properties.Get",
            ["'org.freedesktop.Secret.Collection'", "'Locked'"],
            timeout: .seconds(5)
        )
        return result.succeeded && result.stdout.contains("true")
    }

    /// Starts gnome-keyring-daemon in the foreground (a child process we can track; the password, when
    /// unlocking, goes to its stdin) and waits until it, and not a previous daemon, owns `org.freedesktop.secrets`.
    private func launchKeyring(_ options: [String]) throws {
        let old = keyringPID
        let log = logDirectory.appendingPathComponent("gnome-keyring.log")
        let process = try CommandRunner.launch(
            ["gnome-keyring-daemon", "--foreground", "--components=secrets"] + options,
            environment: environment,
            log: log,
            input: options.contains("--unlock") ? Self.keyringPassword : nil
        )
        let pid = process.processIdentifier
        track(pid)
        let claimed = waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(20)) {
            ownerPID(of: "org.freedesktop.secrets") == pid || !process.isRunning
        }
        guard claimed, process.isRunning else {
            ProcessLiveness.stop(pid)
            untrack(pid)
            throw TestSupportError("gnome-keyring-daemon did not claim org.freedesktop.secrets: "
                + CommandRunner.readText(log))
        }
        if let old {
            ProcessLiveness.stop(old)
            untrack(old)
        }
        lock.withLock { keyringPIDValue = pid }
    }

    private func waitForNameGone(_ name: String, on bus: PrivateBus.Kind = .session) -> Bool {
        waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(20)) { ownerPID(of: name, on: bus) == nil }
    }

    // MARK: logind mock

    /// Starts python-dbusmock's logind template on the private system bus with session `c1` (seat0, our uid,
    /// active), adds `GetSessionByPID` (always `c1`) and makes `GetSession` answer `c1` for the caller's own
    /// session (`"auto"`, `"self"` or `""`, as KeePassXC asks: the template's answer to `""`, an invalid object path,
    /// aborts the mock). The call log (`logindCalls()`) starts empty after this setup.
    public func startLogind() throws {
        guard systemBus != nil else {
            throw TestSupportError("startLogind() needs TestEnvironment(systemBus: true)")
        }
        try startMock("logind", ["--system", "--template", "logind"], name: "org.freedesktop.login1", on: .system)
        let manager = Self.logindManagerPath
        try mockCall(.system, "org.freedesktop.login1", manager, "org.freedesktop.DBus.Mock.AddSession", [
            "'c1'", "'seat0'", "uint32 \(getuid())", Self.gvariant(ProcessInfo.processInfo.userName), "true",
        ])
        try addMockMethod(.system, "org.freedesktop.login1", manager, "org.freedesktop.login1.Manager",
                          "GetSessionByPID", "u", "o", "ret = \"\(Self.logindSessionPath)\"")
        try addMockMethod(.system, "org.freedesktop.login1", manager, "org.freedesktop.login1.Manager",
                          "GetSession", "s", "o",
                          "ret = \"/org/freedesktop/login1/session/\" + (\"c1\" if args[0] in (\"\", \"auto\", \"self\") else args[0])")
        try clearLogindCalls()
    }

    /// Stops the logind mock.
    public func stopLogind() {
        stopMock("logind")
    }

    /// Makes session `c1` emit `Lock` (as `loginctl lock-session` does).
    public func logindSessionLock() throws {
        try mockCall(.system, "org.freedesktop.login1", Self.logindSessionPath, "org.freedesktop.login1.Session.Lock")
    }

    /// Makes session `c1` emit `Unlock`.
    public func logindSessionUnlock() throws {
        try mockCall(.system, "org.freedesktop.login1", Self.logindSessionPath,
                     "org.freedesktop.login1.Session.Unlock")
    }

    /// Emits the manager's `PrepareForSleep(start)`.
    public func emitPrepareForSleep(_ start: Bool) throws {
        try emitManagerSignal("PrepareForSleep", start)
    }

    /// Emits the manager's `PrepareForShutdown(start)`.
    public func emitPrepareForShutdown(_ start: Bool) throws {
        try emitManagerSignal("PrepareForShutdown", start)
    }

    /// Updates session `c1`'s properties (emitting `PropertiesChanged`); `gvariantDict` is GVariant text such as
    /// `"{'IdleHint': <true>, 'LockedHint': <false>}"`.
    public func updateSessionProperties(_ gvariantDict: String) throws {
        try mockCall(.system, "org.freedesktop.login1", Self.logindSessionPath,
                     "org.freedesktop.DBus.Mock.UpdateProperties", ["'org.freedesktop.login1.Session'", gvariantDict])
    }

    /// The calls the logind mock received on `path` (default: the manager), oldest first, one line each:
    /// the method name and its arguments separated by spaces (booleans as `true`/`false`), e.g.
    /// `Inhibit sleep AppLock Lock apps before sleep delay`.
    public func logindCalls(path: String = TestEnvironment.logindManagerPath) throws -> [String] {
        let script = """
            import sys, dbus
            obj = dbus.SystemBus().get_object("org.freedesktop.login1", sys.argv[1])
            def text(v):
                if isinstance(v, dbus.Boolean):
                    return "true" if v else "false"
                return str(v)
            for _, name, args in obj.GetCalls(dbus_interface="org.freedesktop.DBus.Mock"):
                print(" ".join([str(name)] + [text(a) for a in args]))
            """
        let result = run(["/usr/bin/python3", "-c", script, path], timeout: .seconds(10))
        guard result.succeeded else {
            throw TestSupportError("GetCalls failed: \(result.stderr)")
        }
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Forgets the calls logged so far on `path` (default: the manager).
    public func clearLogindCalls(path: String = TestEnvironment.logindManagerPath) throws {
        try mockCall(.system, "org.freedesktop.login1", path, "org.freedesktop.DBus.Mock.ClearCalls")
    }

    private func emitManagerSignal(_ member: String, _ value: Bool) throws {
        try mockCall(.system, "org.freedesktop.login1", Self.logindManagerPath,
                     "org.freedesktop.DBus.Mock.EmitSignal",
                     ["'org.freedesktop.login1.Manager'", "'\(member)'", "'b'", "[<\(value)>]"])
    }

    // MARK: Screensaver mocks

    /// Starts a screensaver mock on the session bus: `org.gnome.ScreenSaver` (dbusmock template) or
    /// `org.freedesktop.ScreenSaver` (a plain mock with `GetActive`, `SetActive`, `GetActiveTime`).
    public func startScreenSaver(_ name: String) throws {
        switch name {
        case "org.gnome.ScreenSaver":
            try startMock(name, ["--session", "--template", "gnome_screensaver"], name: name, on: .session)
        case "org.freedesktop.ScreenSaver":
            let path = "/org/freedesktop/ScreenSaver"
            try startMock(name, ["--session", name, path, name], name: name, on: .session)
            try addMockMethod(.session, name, path, name, "GetActive", "", "b",
                              "ret = getattr(self, \"applock_active\", False)")
            try addMockMethod(.session, name, path, name, "GetActiveTime", "", "u", "ret = 0")
            try addMockMethod(.session, name, path, name, "SetActive", "b", "b",
                              "self.applock_active = args[0]; "
                                  + "self.EmitSignal(\"\", \"ActiveChanged\", \"b\", [args[0]]); ret = True")
        default:
            throw TestSupportError("no screensaver mock for \(name)")
        }
    }

    /// Sets the screensaver `name` active or inactive (it emits `ActiveChanged`); starts its mock when needed.
    public func setScreenSaverActive(_ name: String, _ active: Bool) throws {
        if lock.withLock({ mocks[name] == nil }) {
            try startScreenSaver(name)
        }
        let path = "/" + name.replacingOccurrences(of: ".", with: "/")
        try mockCall(.session, name, path, "\(name).SetActive", ["\(active)"])
    }

    /// Stops the screensaver mock `name`.
    public func stopScreenSaver(_ name: String) {
        stopMock(name)
    }

    // MARK: Mock plumbing

    func startMock(_ key: String, _ arguments: [String], name: String, on bus: PrivateBus.Kind) throws {
        try startService(key, ["/usr/bin/python3", "-m", "dbusmock"] + arguments, name: name, on: bus)
    }

    /// Starts `argv` as the service `key`, waits until it owns `name` on `bus`; `stopMock(key)` ends it.
    func startService(_ key: String, _ argv: [String], name: String, on bus: PrivateBus.Kind) throws {
        let log = logDirectory.appendingPathComponent("\(key).log")
        let process = try CommandRunner.launch(argv, environment: environment, log: log)
        track(process.processIdentifier)
        lock.withLock { mocks[key] = process }
        guard waitForName(name, on: bus) else {
            throw TestSupportError("mock \(name) did not appear: \(CommandRunner.readText(log))")
        }
    }

    func stopMock(_ key: String) {
        guard let process = lock.withLock({ mocks.removeValue(forKey: key) }) else { return }
        ProcessLiveness.stop(process.processIdentifier)
        untrack(process.processIdentifier)
    }

    func addMockMethod(
        _ bus: PrivateBus.Kind, _ destination: String, _ path: String, _ interface: String,
        _ name: String, _ inSignature: String, _ outSignature: String, _ code: String
    ) throws {
        try mockCall(bus, destination, path, "org.freedesktop.DBus.Mock.AddMethod", [
            Self.gvariant(interface), Self.gvariant(name), Self.gvariant(inSignature), Self.gvariant(outSignature),
            Self.gvariant(code),
        ])
    }

    func mockCall(
        _ bus: PrivateBus.Kind, _ destination: String, _ path: String, _ method: String, _ arguments: [String] = []
    ) throws {
        let result = call(bus, destination: destination, path: path, method: method, arguments)
        guard result.succeeded else {
            throw TestSupportError("\(method) on \(destination) \(path) failed: \(result.stderr)")
        }
    }

    /// Quotes `text` as a GVariant string literal.
    static func gvariant(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    // MARK: Process bookkeeping

    /// Records a process to be ended by `cleanup()` or by the watchdog.
    func track(_ pid: pid_t) {
        lock.withLock {
            tracked.insert(pid)
            writePidFile()
        }
    }

    /// Forgets a process that has ended.
    func untrack(_ pid: pid_t) {
        lock.withLock {
            tracked.remove(pid)
            writePidFile()
        }
    }

    private func writePidFile() {
        let text = tracked.map { "\($0)\n" }.joined()
        try? text.write(to: pidFile, atomically: true, encoding: .utf8)
    }

    /// Ends every process this environment started (mocks, keyring, buses) and removes the temporary root.
    /// Safe to call more than once.
    public func cleanup() {
        let (first, mockProcesses) = lock.withLock {
            defer { cleanedUp = true }
            let mockProcesses = Array(mocks.values)
            mocks.removeAll()
            return (!cleanedUp, mockProcesses)
        }
        guard first else { return }
        for process in mockProcesses {
            ProcessLiveness.stop(process.processIdentifier)
        }
        if let pid = keyringPID {
            ProcessLiveness.stop(pid)
        }
        let others = lock.withLock { tracked }
        for pid in others where pid != sessionBus.pid && pid != systemBus?.pid {
            ProcessLiveness.stop(pid)
        }
        sessionBus.stop()
        systemBus?.stop()
        lock.withLock {
            tracked.removeAll()
            writePidFile()
        }
        try? FileManager.default.removeItem(at: root)
        try? watchdog.close()
    }

    /// Starts a shell that waits for EOF on a pipe whose write end only this process holds; when this process
    /// exits (however it exits) the shell ends every pid listed in `pidFile` (SIGTERM, SIGKILL for survivors after
    /// two seconds) and removes `root`.
    private static func startWatchdog(pidFile: URL, root: URL, environment: [String: String]) throws -> FileHandle {
        let script = """
            cat >/dev/null
            pids=$(cat "$1")
            for pid in $pids; do kill -TERM "$pid" 2>/dev/null; done
            for _ in 1 2 3 4 5 6 7 8 9 10; do
              alive=
              for pid in $pids; do kill -0 "$pid" 2>/dev/null && alive=1; done
              [ -z "$alive" ] && break
              sleep 0.2
            done
            for pid in $pids; do kill -KILL "$pid" 2>/dev/null; done
            rm -rf "$2"
            """
        let pipe = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "applock-test-watchdog", pidFile.path, root.path]
        process.environment = environment
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try CommandRunner.withUnblockedSignals { try process.run() }
        try? pipe.fileHandleForReading.close()
        return pipe.fileHandleForWriting
    }
}
