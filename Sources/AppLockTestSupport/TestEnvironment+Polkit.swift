import Foundation

/// polkit on the private system bus: python-dbusmock's `polkitd` template held to the real polkitd's rule on
/// details (`Tests/scripts/applock_polkitd.py`: answers `CheckAuthorization` from a list of allowed actions and
/// records every call), or the real `polkitd` for checking action files.
extension TestEnvironment {
    /// polkit's bus name.
    public static let polkitName = "org.freedesktop.PolicyKit1"
    /// polkit's authority object.
    public static let polkitAuthorityPath = "/org/freedesktop/PolicyKit1/Authority"
    /// The uid the mock judges every caller as: applockd runs as the session's user, never as root, and the real
    /// polkitd refuses details from such a caller; the tests run it as root, so the mock is told whom it stands for.
    public static let polkitMockCallerUID = 1000
    /// The real polkitd's refusal of a `CheckAuthorization` with details from a caller that is not root (error
    /// `org.freedesktop.PolicyKit1.Error.NotAuthorized`), which the mock gives in the same words.
    public static let polkitDetailsRefusal =
        "Only trusted callers (e.g. uid 0 or an action owner) can use CheckAuthorization() and pass details"

    /// Starts the polkitd mock; every action is refused until `setPolkitAllowed(_:)`, and a `CheckAuthorization`
    /// with details is refused as the real polkitd refuses it from a caller that is not root.
    public func startPolkit() throws {
        guard systemBus != nil else { throw TestSupportError("startPolkit() needs TestEnvironment(systemBus: true)") }
        let template = PackageFolders.package.appendingPathComponent("Tests/scripts/applock_polkitd.py").path
        try startMock("polkitd", ["--system", "--template", template, "-p", "{\"caller-uid\": \(Self.polkitMockCallerUID)}"],
                      name: Self.polkitName, on: .system)
    }

    /// Stops the polkitd mock (or the real polkitd).
    public func stopPolkit() {
        stopMock("polkitd")
    }

    /// Authorizes exactly these action ids from now on.
    public func setPolkitAllowed(_ actionIDs: [String]) throws {
        let list = "@as [" + actionIDs.map(Self.gvariant).joined(separator: ", ") + "]"
        try polkitMockCall("SetAllowed", [list])
    }

    /// Answers a check of an action not allowed as the real polkitd does when no authentication agent is
    /// registered for the subject (`(false, true, {})`: a challenge, no dialog), as on sway or labwc without one.
    public func setPolkitNoAgent(_ noAgent: Bool) throws {
        try polkitMockCall("SimulateNoAgent", ["\(noAgent)"])
    }

    /// A stand-in for fprintd (python-dbusmock on the system bus) whose default reader lists `fingers` as enrolled
    /// for whoever asks; RealPolkitTests asks the real fprintd the same question.
    public func startFprintdStandIn(enrolled fingers: [String]) throws {
        guard systemBus != nil else { throw TestSupportError("startFprintdStandIn() needs TestEnvironment(systemBus: true)") }
        let name = "net.reactivated.Fprint"
        let manager = "/net/reactivated/Fprint/Manager"
        let device = "/net/reactivated/Fprint/Device/0"
        try startMock("fprintd", ["--system", name, manager, "\(name).Manager"], name: name, on: .system)
        try addMockMethod(.system, name, manager, "\(name).Manager", "GetDefaultDevice", "", "o",
                          "ret = '\(device)'")
        let list = "ret = [" + fingers.map { "'\($0)'" }.joined(separator: ", ") + "]"
        try mockCall(.system, name, manager, "org.freedesktop.DBus.Mock.AddObject", [
            Self.gvariant(device), Self.gvariant("\(name).Device"), "@a{sv} {}",
            "[(\(Self.gvariant("ListEnrolledFingers")), 's', 'as', \(Self.gvariant(list)))]",
        ])
    }

    /// Holds every `CheckAuthorization` answer back (as a user who is still typing) until
    /// `releasePolkitAnswers()`.
    public func setPolkitHanging(_ hang: Bool) throws {
        try polkitMockCall("SimulateHang", ["\(hang)"])
    }

    /// Sends the answers held back by `setPolkitHanging(true)`.
    public func releasePolkitAnswers() throws {
        try polkitMockCall("ReleaseHangingCalls")
    }

    /// The calls the polkit mock received, oldest first: the method name, then each argument rendered with
    /// dictionaries sorted, e.g.
    /// `CheckAuthorization ('unix-process', {'pid': 42, 'start-time': 7, 'uid': 0}) 'io.github.applock.unlock' {} 1 'applock-1'`.
    public func polkitCalls() throws -> [String] {
        let script = """
            import sys, dbus
            obj = dbus.SystemBus().get_object(sys.argv[1], sys.argv[2])
            def text(v):
                if isinstance(v, dbus.Boolean):
                    return "true" if v else "false"
                if isinstance(v, (dbus.String, dbus.ObjectPath, str)):
                    return "'" + str(v) + "'"
                if isinstance(v, dict):
                    return "{" + ", ".join(text(k) + ": " + text(v[k]) for k in sorted(v)) + "}"
                if isinstance(v, tuple) or isinstance(v, dbus.Struct):
                    return "(" + ", ".join(text(x) for x in v) + ")"
                if isinstance(v, list):
                    return "[" + ", ".join(text(x) for x in v) + "]"
                return str(v)
            for _, name, args in obj.GetCalls(dbus_interface="org.freedesktop.DBus.Mock"):
                print(" ".join([str(name)] + [text(a) for a in args]))
            """
        let result = run(["/usr/bin/python3", "-c", script, Self.polkitName, Self.polkitAuthorityPath],
                         timeout: .seconds(10))
        guard result.succeeded else { throw TestSupportError("GetCalls on the polkit mock failed: \(result.stderr)") }
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Starts the real polkitd (`/usr/lib/polkit-1/polkitd`, package polkitd) on the private system bus; it
    /// reads the action files in `/usr/share/polkit-1/actions/`. Needs root.
    public func startRealPolkitd() throws {
        guard systemBus != nil else { throw TestSupportError("startRealPolkitd() needs TestEnvironment(systemBus: true)") }
        try startService("polkitd", ["/usr/lib/polkit-1/polkitd", "--no-debug"], name: Self.polkitName, on: .system)
    }

    private func polkitMockCall(_ method: String, _ arguments: [String] = []) throws {
        try mockCall(.system, Self.polkitName, Self.polkitAuthorityPath, "org.freedesktop.DBus.Mock.\(method)", arguments)
    }
}
