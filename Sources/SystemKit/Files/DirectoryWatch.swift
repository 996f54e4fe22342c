import Glibc

/// Tells, on an event loop, the names of entries created in (or moved into) one directory, through inotify. Wakes
/// only when the directory changes; stops when the value goes away.
public final class DirectoryWatch {
    private let loop: EventLoop
    private let descriptor: Int32
    private var handle: WatchHandle?

    /// Watches `path`; `onCreated` gets each new entry's name on the loop thread. Throws the errno when inotify
    /// cannot watch the directory (missing, not a directory, no more watches).
    public init(path: String, loop: EventLoop, onCreated: @escaping (String) -> Void) throws(SystemCallError) {
        self.loop = loop
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw SystemCallError("inotify_init1", errno) }
        guard inotify_add_watch(descriptor, path, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else {
            let error = errno
            close(descriptor)
            throw SystemCallError("inotify_add_watch", error)
        }
        handle = loop.watch(fd: descriptor, readable: true, writable: false) { [unowned self] _ in
            for name in readNames() { onCreated(name) }
        }
    }

    deinit {
        if let handle { loop.unwatch(handle) }
        close(descriptor)
    }

    /// The names in the events waiting now.
    private func readNames() -> [String] {
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return names }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let nameLength = buffer.withUnsafeBytes {
                    Int($0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self).len)
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + nameLength)]
                names.append(String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self))
                offset += header + nameLength
            }
        }
    }
}
