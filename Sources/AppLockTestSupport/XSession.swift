public import Foundation
import Glibc

/// A desktop for guard tests: Xvfb on a free display number with openbox managing it, inside a `TestEnvironment`.
/// Programs started here get `DISPLAY`; screenshots come from `import -window root`.
public final class XSession: @unchecked Sendable {
    /// A rectangle in root coordinates.
    public struct Rect: Equatable, Sendable, CustomStringConvertible {
        public var x: Int, y: Int, width: Int, height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        public var description: String { "\(width)x\(height)+\(x)+\(y)" }
    }

    public let environment: TestEnvironment
    /// `:N`.
    public let display: String
    /// The environment's variables plus `DISPLAY`.
    public let variables: [String: String]
    private let server: SessionProcess
    private let windowManager: SessionProcess

    /// Starts Xvfb (1280×800×24) on the first free display number from a per-process base, then openbox, and
    /// waits until openbox has announced itself (`_NET_SUPPORTING_WM_CHECK`): a client started earlier may wait
    /// seconds for a window manager (xterm's `wmTimeout`).
    public init(environment: TestEnvironment) throws {
        self.environment = environment
        let base = 300 + Int(getpid() % 200) * 3
        var started: (SessionProcess, String)?
        for number in base..<(base + 60) {
            if FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
                || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { continue }
            let candidate = try SessionProcess(
                ["Xvfb", ":\(number)", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"],
                variables: environment.environment, in: environment, logName: "xvfb")
            // Ours only when the lock file names our server: another test may have raced us to the number.
            let up = waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(20)) {
                !candidate.isRunning || (Self.lockOwner(of: number) == candidate.pid
                    && FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"))
            }
            if up, candidate.isRunning {
                started = (candidate, ":\(number)")
                break
            }
            candidate.stop()
        }
        guard let (server, display) = started else { throw TestSupportError("no free X display for Xvfb") }
        self.server = server
        self.display = display
        var variables = environment.environment
        variables["DISPLAY"] = display
        self.variables = variables
        windowManager = try SessionProcess(["openbox"], variables: variables, in: environment, logName: "openbox")
        let managed = waitUntil(timeout: .seconds(15), pollEvery: .milliseconds(20)) { [variables] in
            let result = CommandRunner.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], environment: variables,
                                           input: nil, scratch: environment.root, timeout: .seconds(5))
            return result.succeeded && result.stdout.contains("window id")
        }
        guard managed else {
            throw TestSupportError("openbox did not start on \(display): \(windowManager.logText())")
        }
    }

    deinit { stop() }

    /// The process id in `/tmp/.X<n>-lock`, the server that holds display `n`.
    private static func lockOwner(of number: Int) -> Int32? {
        guard let text = try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Ends openbox and the server.
    public func stop() {
        windowManager.stop()
        server.stop()
    }

    /// Starts a program on this display.
    public func launch(_ argv: [String], logName: String, extraVariables: [String: String] = [:]) throws -> SessionProcess {
        try SessionProcess(argv, variables: variables.merging(extraVariables) { $1 }, in: environment, logName: logName)
    }

    /// Runs a command on this display and waits for it.
    public func run(_ argv: [String], input: String? = nil, timeout: Duration = .seconds(30)) -> CommandResult {
        CommandRunner.run(argv, environment: variables, input: input, scratch: environment.root, timeout: timeout)
    }

    /// `xdotool` with these arguments.
    @discardableResult
    public func xdotool(_ arguments: [String]) -> CommandResult { run(["xdotool"] + arguments) }

    /// The ids of the mapped windows whose `WM_CLASS` matches `className`.
    public func windows(ofClass className: String) -> [UInt32] {
        let result = run(["xdotool", "search", "--onlyvisible", "--class", className])
        return result.stdout.split(separator: "\n").compactMap { UInt32($0) }
    }

    /// The window's area on the root window (`xwininfo`); nil when it is gone or unmapped.
    public func rect(of window: UInt32) -> Rect? {
        let result = run(["xwininfo", "-id", String(window)])
        guard result.succeeded, result.stdout.contains("IsViewable") else { return nil }
        func field(_ name: String) -> Int? {
            for line in result.stdout.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix(name + ":") { return Int(trimmed.dropFirst(name.count + 1).drop { $0 == " " }) }
            }
            return nil
        }
        guard let x = field("Absolute upper-left X"), let y = field("Absolute upper-left Y"),
              let width = field("Width"), let height = field("Height") else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// A PNG of the whole screen, as any X client sees it.
    public func screenshot(to url: URL) throws {
        let result = run(["import", "-window", "root", url.path])
        guard result.succeeded else { throw TestSupportError("import failed: \(result.stderr)") }
    }

    /// How many pixels inside `rect` of the PNG `image` have one of `colours` (`#RRGGBB`, upper case).
    public func pixelCount(in image: URL, rect: Rect, colours: [String]) throws -> Int {
        let result = run(["convert", image.path, "-crop", rect.description, "+repage", "-format", "%c", "histogram:info:-"])
        guard result.succeeded else { throw TestSupportError("convert failed: \(result.stderr)") }
        var count = 0
        for line in result.stdout.split(separator: "\n") where colours.contains(where: { line.contains($0) }) {
            if let colon = line.firstIndex(of: ":"), let n = Int(line[..<colon].drop { $0 == " " }) { count += n }
        }
        return count
    }
}
