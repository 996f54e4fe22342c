public import Foundation

/// A desktop for guard tests, on an ``XDisplay`` (Xvfb with openbox): programs started as ``SessionProcess``es,
/// the windows of a class and where they are, screenshots and the colours inside a rectangle of them.
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
    /// Xvfb with openbox, up and managing (see ``XDisplay``); both end with the environment.
    private let server: XDisplay

    /// `windowManager`: its command line (openbox by default).
    public init(environment: TestEnvironment, windowManager: [String] = ["openbox"]) throws {
        self.environment = environment
        server = try XDisplay(environment: environment, manager: windowManager)
        display = server.name
        variables = server.environment
    }

    /// Starts a program on this display.
    public func launch(_ argv: [String], logName: String, extraVariables: [String: String] = [:]) throws -> SessionProcess {
        try SessionProcess(argv, variables: variables.merging(extraVariables) { $1 }, in: environment, logName: logName)
    }

    /// Starts an XSETTINGS manager serving the integer setting `name` (``XDisplay/serveXSettings(_:_:)``).
    @discardableResult
    public func serveXSettings(_ name: String, _ value: Int32) throws -> XSettingsManager {
        try server.serveXSettings(name, value)
    }

    /// Runs a command on this display and waits for it.
    public func run(_ argv: [String], input: String? = nil, timeout: Duration = .seconds(30)) -> CommandResult {
        server.run(argv, input: input, timeout: timeout)
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
    public func screenshot(to url: URL) throws { try server.screenshot(to: url) }

    /// How many pixels inside `rect` of the PNG `image` have one of `colours` (`#RRGGBB`, upper case).
    public func pixelCount(in image: URL, rect: Rect, colours: [String]) throws -> Int {
        try ImageProbe.pixelCount(in: image, crop: rect.description, colours: colours, environment: environment)
    }
}
