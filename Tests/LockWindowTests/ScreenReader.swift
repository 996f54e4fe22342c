import AppLockTestSupport
import Foundation

/// The real Orca (Debian 12: orca 43) on a lock-window test's display, writing its debug file, in which a test waits
/// for what it says. Orca's own program runs, with that one file opened line-buffered (Orca buffers it otherwise, and
/// writes it late).
final class ScreenReader {
    /// One `SPEECH OUTPUT` line of Orca's debug file.
    struct Utterance: CustomStringConvertible {
        let text: String
        var description: String { "'\(text)'" }
    }

    private let process: Process
    private let debugFile: URL

    /// Starts Orca and waits until it listens to AT-SPI's focus events (the registry lists them for it).
    init(on desktop: AccessibleDesktop) throws {
        debugFile = desktop.environment.logDirectory.appendingPathComponent("orca-debug.txt")
        process = try desktop.display.launch(
            ["/usr/bin/python3", "-c", Self.lineBuffered, "--debug-file", debugFile.path],
            log: desktop.environment.logDirectory.appendingPathComponent("orca.log"))
        guard waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(200), {
            Self.registeredEvents(on: desktop).contains("Object:StateChanged:Focused")
        }) else { throw TestSupportError("Orca did not start listening: \(Self.registeredEvents(on: desktop))") }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Everything said so far, in order.
    var said: [Utterance] {
        Self.utterances(in: (try? String(contentsOf: debugFile, encoding: .utf8)) ?? "")
    }

    /// Waits until Orca has said something holding `words`, after the first `count` utterances; the index of that
    /// utterance, nil after `timeout`.
    func waitUntilSaid(_ words: String, after count: Int, timeout: Duration = .seconds(15)) -> Int? {
        var found: Int?
        _ = waitUntil(timeout: timeout, pollEvery: .milliseconds(50)) {
            let said = self.said
            found = said.indices.first { $0 >= count && said[$0].text.contains(words) }
            return found != nil
        }
        return found
    }

    /// Ends Orca (SIGTERM) and returns everything it said, in order.
    func stop() -> [Utterance] {
        process.terminate()
        _ = waitUntil(timeout: .seconds(15)) { !process.isRunning }
        let text = (try? String(contentsOf: debugFile, encoding: .utf8)) ?? ""
        // Kept beside the screenshots: Orca's whole account of the run (its events, what it thought had the focus).
        try? text.write(to: PackageFolders.artifacts("lock-window").appendingPathComponent("orca-debug.txt"),
                        atomically: true, encoding: .utf8)
        return Self.utterances(in: text)
    }

    /// The utterances of a debug file's text (`23:41:07.123456 - SPEECH OUTPUT: 'Digit 1 push button.'`).
    static func utterances(in text: String) -> [Utterance] {
        var said: [Utterance] = []
        for line in text.split(separator: "\n") {
            guard let marker = line.range(of: " - SPEECH OUTPUT: '") else { continue }
            // The utterance is quoted; a voice's settings may follow it.
            var text = line[marker.upperBound...]
            if let end = text.range(of: "'{") ?? text.range(of: "' ") {
                text = text[..<end.lowerBound]
            } else if text.hasSuffix("'") {
                text = text.dropLast()
            }
            said.append(Utterance(text: String(text)))
        }
        return said
    }

    /// /usr/bin/orca, with its debug file (the argument after `--debug-file`) opened line-buffered.
    private static let lineBuffered = """
        import builtins, sys
        target = sys.argv[sys.argv.index("--debug-file") + 1]
        plain = builtins.open
        builtins.open = lambda name, mode="r", *rest, **options: \
            plain(name, mode, 1) if name == target else plain(name, mode, *rest, **options)
        sys.argv[0] = "/usr/bin/orca"
        exec(compile(plain("/usr/bin/orca").read(), "/usr/bin/orca", "exec"))
        """

    /// The events the AT-SPI registry forwards to its listeners (`GetRegisteredEvents` on the accessibility bus).
    private static func registeredEvents(on desktop: AccessibleDesktop) -> String {
        let address = desktop.display.run([
            "gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
            "--method", "org.a11y.Bus.GetAddress",
        ]).stdout
        guard let open = address.firstIndex(of: "'"), let close = address.lastIndex(of: "'"), open < close else { return "" }
        return desktop.display.run([
            "gdbus", "call", "--address", String(address[address.index(after: open)..<close]),
            "--dest", "org.a11y.atspi.Registry", "--object-path", "/org/a11y/atspi/registry",
            "--method", "org.a11y.atspi.Registry.GetRegisteredEvents",
        ]).stdout
    }
}
