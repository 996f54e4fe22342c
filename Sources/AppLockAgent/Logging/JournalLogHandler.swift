import Glibc
public import Logging

/// A swift-log handler that writes one line per message to standard error:
/// with a `<N>` syslog priority prefix when the process runs under systemd
/// (`JOURNAL_STREAM` is set, so journald parses the level), plain otherwise.
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let journal: Bool

    public init(label: String, logLevel: Logger.Level = .info, journal: Bool? = nil) {
        self.label = label
        self.logLevel = logLevel
        self.journal = journal ?? (getenv("JOURNAL_STREAM") != nil)
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line = journal ? "<\(Self.priority(of: event.level))>" : "\(label): \(event.level): "
        line += event.message.description
        let merged = event.metadata.map { metadata.merging($0) { _, new in new } } ?? metadata
        for key in merged.keys.sorted() {
            line += " \(key)=\(merged[key]!)"
        }
        line += "\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    /// The syslog priority journald understands for a swift-log level.
    static func priority(of level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}
