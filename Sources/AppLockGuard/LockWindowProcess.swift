import AppLockCore
import AppLockDesktop
public import AppLockGuardCore
public import AppLockProtocol
import Glibc
import SystemKit

/// One run of `applock-lock-window`: started with `PR_SET_PDEATHSIG` (through `setpriv --pdeathsig KILL`) so it
/// dies with the guard and never keeps the keyboard grab from a restarted guard; killed when it goes.
public final class LockWindowProcess {
    private let process: ChildProcess

    /// Starts `executable lock --app-id APP --parent XID`, or `set-passcode --app-id APP` when `parent` is nil.
    init(executable: String, app: AppID, parent: UInt32?) throws {
        var arguments = ["--pdeathsig", "KILL", "--", executable]
        if let parent {
            arguments += ["lock", "--app-id", app.rawValue, "--parent", String(parent)]
        } else {
            arguments += ["set-passcode", "--app-id", app.rawValue]
        }
        process = try ChildProcess(executable: Self.setpriv, arguments: arguments)
    }

    /// Starts `executable lock --app-id APP` as an ordinary toplevel (on a Wayland desktop the compositor places it),
    /// or as a layer-shell surface (``LockWindowSurface``).
    public init(executable: String, lockingToplevelOf app: AppID, surface: LockWindowSurface = .toplevel) throws {
        process = try ChildProcess(
            executable: Self.setpriv,
            arguments: ["--pdeathsig", "KILL", "--"] + Self.command(executable, surface) + ["lock", "--app-id", app.rawValue]
                + Self.arguments(surface))
    }

    /// Starts `executable lock --app-id APP --standby cover|toplevel`: the lock window gets ready, hidden (nothing
    /// drawn, no keys), until ``show(inside:)``. `surface` is what a toplevel one becomes.
    public init(executable: String, aheadFor app: AppID, inCover: Bool, surface: LockWindowSurface = .toplevel) throws {
        let surface = inCover ? .toplevel : surface
        process = try ChildProcess(
            executable: Self.setpriv,
            arguments: ["--pdeathsig", "KILL", "--"] + Self.command(executable, surface)
                + ["lock", "--app-id", app.rawValue, "--standby", inCover ? "cover" : "toplevel"] + Self.arguments(surface))
    }

    /// `--layer-shell` for a lock window on the overlay layer.
    private static func arguments(_ surface: LockWindowSurface) -> [String] {
        if case .overlayLayer = surface { ["--layer-shell"] } else { [] }
    }

    /// The lock window's program, run through `env LD_PRELOAD=<gtk4-layer-shell>` for a lock window on the overlay
    /// layer (the library must be loaded before libwayland-client), so that only the lock window loads it and not
    /// setpriv; an `LD_PRELOAD` of the guard's own follows it.
    private static func command(_ executable: String, _ surface: LockWindowSurface) -> [String] {
        guard case .overlayLayer(let library) = surface else { return [executable] }
        let inherited = ProcessEnvironment.current()["LD_PRELOAD"].map { $0.isEmpty ? "" : ":" + $0 } ?? ""
        return [Self.env, "LD_PRELOAD=\(library)\(inherited)", executable]
    }

    private static var env: String {
        access("/usr/bin/env", X_OK) == 0 ? "/usr/bin/env" : "/bin/env"
    }

    public var pid: Int32 { process.pid }

    /// Tells a lock window started ahead to show itself: inside the X window `parent` (started `inCover`), else as
    /// a toplevel. One still getting ready shows once it is. False when it cannot be told (it has ended).
    public func show(inside parent: UInt32?) -> Bool {
        let line = parent.map { "show \($0)\n" } ?? "show\n"
        do {
            try process.write(Array(line.utf8), deadline: .now + Self.showDeadline)
            return true
        } catch {
            return false
        }
    }

    /// How long the guard waits, at most, to hand the `show` line over (a socket's buffer takes it at once).
    private static let showDeadline = Duration.milliseconds(100)

    /// The exit status once it has ended (reaped), nil while it runs.
    public func exitStatus() -> Int32? { process.exitStatusIfExited() }

    /// Waits until it ends.
    func wait() -> Int32 { process.wait() }

    private static var setpriv: String {
        access("/usr/bin/setpriv", X_OK) == 0 ? "/usr/bin/setpriv" : "/bin/setpriv"
    }
}
