internal import CGtk
import Glibc

/// Lines read from a file descriptor (a pipe or socket another process writes to) on the main loop: `onLine` gets
/// each complete line without its newline, `onEnd` once, when the writer closes its end or the read fails. Lines
/// longer than ``limit`` bytes end the reading too.
@MainActor
public final class InputLines {
    /// The longest line accepted, in bytes.
    public static let limit = 4096
    private nonisolated(unsafe) var sourceID: guint

    public init(fileDescriptor: Int32, onLine: @escaping @MainActor (String) -> Void, onEnd: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(LineReader(fileDescriptor, onLine: onLine, onEnd: onEnd)).toOpaque()
        sourceID = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, fileDescriptor, GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue),
            { _, _, data in
                let reader = Unmanaged<LineReader>.fromOpaque(data!).takeUnretainedValue()
                return MainActor.assumeIsolated { reader.readAvailable() } ? 1 : 0
            }, box, { data in
                Unmanaged<LineReader>.fromOpaque(data!).release()
            })
    }

    deinit {
        if sourceID != 0 { g_source_remove(sourceID) }
    }
}

/// The bytes read so far and the handlers, handed to GLib as the source's `user_data`.
@MainActor
private final class LineReader {
    let fileDescriptor: Int32
    let onLine: @MainActor (String) -> Void
    let onEnd: @MainActor () -> Void
    var pending: [UInt8] = []
    var ended = false

    init(_ fileDescriptor: Int32, onLine: @escaping @MainActor (String) -> Void, onEnd: @escaping @MainActor () -> Void) {
        self.fileDescriptor = fileDescriptor
        self.onLine = onLine
        self.onEnd = onEnd
    }

    /// Reads what is there and hands on every complete line; false (remove the source) once the input has ended.
    func readAvailable() -> Bool {
        guard !ended else { return false }
        var chunk = [UInt8](repeating: 0, count: 512)
        let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return true }
        guard count > 0 else { return end() }
        pending += chunk[0..<count]
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            onLine(line)
        }
        return pending.count <= InputLines.limit || end()
    }

    private func end() -> Bool {
        ended = true
        onEnd()
        return false
    }
}
