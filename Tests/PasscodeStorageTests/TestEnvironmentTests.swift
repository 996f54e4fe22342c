import AppLockTestSupport
import Foundation
import Glibc
import Testing

@Suite("Test environment (private buses, mocks, cleanup)")
struct TestEnvironmentTests {
    @Test("children get our HOME, XDG directories and buses, never the caller's")
    func isolation() throws {
        let environment = try TestEnvironment()
        defer { environment.cleanup() }
        let env = environment.environment
        #expect(env["HOME"] == environment.home.path)
        #expect(env["XDG_RUNTIME_DIR"] == environment.runtimeDir.path)
        #expect(env["DBUS_SESSION_BUS_ADDRESS"] == environment.sessionBus.address)
        #expect(env["DISPLAY"] == nil && env["WAYLAND_DISPLAY"] == nil)
        let mode = try FileManager.default.attributesOfItem(atPath: environment.runtimeDir.path)[.posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o700)
        let result = environment.run(["sh", "-c", "echo \"$HOME $DBUS_SESSION_BUS_ADDRESS\""])
        #expect(result.stdout == "\(environment.home.path) \(environment.sessionBus.address)\n")
        #expect(environment.ownerPID(of: "org.freedesktop.DBus") != nil)
    }

    @Test("the logind mock: session lookup, signals and the call log")
    func logindMock() throws {
        let environment = try TestEnvironment(systemBus: true)
        defer { environment.cleanup() }
        try environment.startLogind()
        let login1 = "org.freedesktop.login1"
        let manager = TestEnvironment.logindManagerPath
        let auto = environment.call(.system, destination: login1, path: manager,
                                    method: "org.freedesktop.login1.Manager.GetSession", ["'auto'"])
        #expect(auto.stdout.contains(TestEnvironment.logindSessionPath))
        let byPID = environment.call(.system, destination: login1, path: manager,
                                     method: "org.freedesktop.login1.Manager.GetSessionByPID", ["uint32 \(getpid())"])
        #expect(byPID.stdout.contains(TestEnvironment.logindSessionPath))
        #expect(try environment.logindCalls() == ["GetSession auto", "GetSessionByPID \(getpid())"])

        let inhibit = environment.call(.system, destination: login1, path: manager,
                                       method: "org.freedesktop.login1.Manager.Inhibit",
                                       ["'sleep'", "'AppLock'", "'lock apps'", "'delay'"])
        #expect(inhibit.succeeded, "\(inhibit.stderr)")
        #expect(try environment.logindCalls().last == "Inhibit sleep AppLock lock apps delay")

        try environment.logindSessionLock()
        try environment.emitPrepareForSleep(true)
        try environment.updateSessionProperties("{'IdleHint': <true>}")
        let idle = environment.call(.system, destination: login1, path: TestEnvironment.logindSessionPath,
                                    method: "org.freedesktop.DBus.Properties.Get",
                                    ["'org.freedesktop.login1.Session'", "'IdleHint'"])
        #expect(idle.stdout.contains("true"))
        #expect(try environment.logindCalls(path: TestEnvironment.logindSessionPath).contains("Lock"))
    }

    @Test("screensaver mocks report the state they were set to", arguments: [
        "org.gnome.ScreenSaver", "org.freedesktop.ScreenSaver",
    ])
    func screenSaver(name: String) throws {
        let environment = try TestEnvironment()
        defer { environment.cleanup() }
        try environment.setScreenSaverActive(name, true)
        let path = "/" + name.replacingOccurrences(of: ".", with: "/")
        let active = environment.call(destination: name, path: path, method: "\(name).GetActive")
        #expect(active.stdout == "(true,)\n", "\(active.stderr)")
    }

    @Test("cleanup ends every process it started and removes the temporary root")
    func cleanup() throws {
        let environment = try TestEnvironment(systemBus: true)
        try environment.startKeyring()
        try environment.startLogind()
        let pids = [environment.sessionBus.pid, environment.systemBus?.pid, environment.keyringPID].compactMap { $0 }
        let mock = try #require(environment.ownerPID(of: "org.freedesktop.login1", on: .system))
        environment.cleanup()
        for pid in pids + [mock] {
            #expect(!isAlive(pid), "process \(pid) survived cleanup")
        }
        #expect(!FileManager.default.fileExists(atPath: environment.root.path))
    }

    private func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else {
            return false
        }
        let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
        return state != "Z" && state != "X"
    }
}
