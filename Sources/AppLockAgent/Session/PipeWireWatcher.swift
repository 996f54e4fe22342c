import AppLockAgentCore
import Glibc
import Logging
import SystemKit

/// Watches PipeWire for screen casts (``PipeWireScreenCasts``) through a `pw-dump --monitor --no-colors` child,
/// started whenever PipeWire's socket `$XDG_RUNTIME_DIR/pipewire-0` is there or appears (inotify: no timer, no
/// wake-ups while idle). When pw-dump ends, PipeWire counts as not casting and the watcher waits for the socket to
/// be made again. No runtime directory or no pw-dump: a log line and nothing else.
final class PipeWireWatcher {
    static let socketName = "pipewire-0"

    private let loop: EventLoop
    private let logger: Logger
    private let onSharing: (Bool) -> Void
    private let runtimeDirectory: String
    private let dumpExecutable: String
    private var directoryWatch: DirectoryWatch?
    private var dump: ChildProcess?
    private var dumpWatch: WatchHandle?
    private var casts = PipeWireScreenCasts()
    /// PipeWire made its socket anew while pw-dump still ran (a restart faster than pw-dump's end was read).
    private var socketMadeWhileDumping = false

    /// Starts watching, or logs why it cannot; nil then.
    init?(loop: EventLoop, logger: Logger, onSharing: @escaping (Bool) -> Void) {
        self.loop = loop
        self.logger = logger
        self.onSharing = onSharing
        guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), runtime.hasPrefix("/") else {
            logger.info("XDG_RUNTIME_DIR is not set: screen casts through PipeWire are not watched")
            return nil
        }
        guard let executable = Self.findExecutable("pw-dump") else {
            logger.info("pw-dump (pipewire-bin) is not installed: screen casts through PipeWire are not watched")
            return nil
        }
        runtimeDirectory = runtime
        dumpExecutable = executable
        do {
            directoryWatch = try DirectoryWatch(path: runtime, loop: loop) { [unowned self] name in
                guard name == Self.socketName else { return }
                if dump == nil { startDump() } else { socketMadeWhileDumping = true }
            }
        } catch {
            logger.warning("cannot watch \(runtime) for PipeWire: \(error); screen casts through PipeWire are not watched")
            return nil
        }
        if access(runtime + "/" + Self.socketName, F_OK) == 0 {
            startDump()
        } else {
            logger.info("PipeWire is not running; waiting for its socket")
        }
    }

    deinit { stopDump() }

    private func startDump() {
        guard dump == nil else { return }
        socketMadeWhileDumping = false
        do {
            let child = try ChildProcess(executable: dumpExecutable, arguments: ["--monitor", "--no-colors"])
            dump = child
            dumpWatch = loop.watch(fd: child.outputDescriptor, readable: true, writable: false) { [unowned self] _ in
                readDump()
            }
            logger.info("watching PipeWire for screen casts")
        } catch {
            logger.warning("cannot start pw-dump: \(error); screen casts through PipeWire are not watched")
        }
    }

    private func readDump() {
        guard let child = dump else { return }
        let bytes: [UInt8]?
        do { bytes = try child.readAvailable() } catch { bytes = nil }
        guard let bytes else {
            logger.info("PipeWire went away (pw-dump ended); waiting for its socket")
            stopDump()
            if let change = casts.reset() { onSharing(change) }
            if socketMadeWhileDumping { startDump() }
            return
        }
        if let change = casts.consume(bytes) {
            logger.info(change ? "PipeWire has a screen cast" : "PipeWire has no screen cast any more",
                        metadata: ["nodes": "\(casts.castNodes.sorted())"])
            onSharing(change)
        }
    }

    private func stopDump() {
        if let dumpWatch { loop.unwatch(dumpWatch) }
        dumpWatch = nil
        dump?.kill()
        dump?.wait()
        dump = nil
    }

    /// The absolute path of `name` on `PATH`, if executable.
    private static func findExecutable(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
