import Glibc

/// A child process started with `posix_spawn`, its standard input and output connected to sockets of the parent
/// (its standard error is the parent's). Reads and writes take a deadline; the child is killed and reaped when
/// the value goes away, so no zombie is left behind. Not thread-safe: one thread drives one child.
public final class ChildProcess {
    /// The child's process id.
    public let pid: Int32
    private var input: Int32
    private var output: Int32
    private var status: Int32?

    /// Starts `executable` (an absolute path) with `arguments` (argv[1...]) and `environment` (`NAME=value`
    /// strings; nil passes the parent's environment). Signal mask and dispositions are reset in the child. With
    /// `discardingStandardError`, its standard error goes to `/dev/null` instead of the parent's.
    public init(
        executable: String, arguments: [String], environment: [String]? = nil, discardingStandardError: Bool = false
    ) throws(ChildProcessError) {
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        // Close-on-exec from the start (no window for another thread's child to inherit them); sockets rather
        // than pipes so that writes can ask for no SIGPIPE.
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &inPipe) == 0 else { throw .spawn(errno) }
        guard socketpair(AF_UNIX, type, 0, &outPipe) == 0 else {
            close(inPipe[0]); close(inPipe[1])
            throw .spawn(errno)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], STDOUT_FILENO)
        if discardingStandardError {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }

        let argv = Self.cStrings([executable] + arguments)
        defer { Self.free(argv) }
        var child: Int32 = 0
        let result: Int32
        if let environment {
            let envp = Self.cStrings(environment)
            defer { Self.free(envp) }
            result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        } else {
            result = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        }
        close(inPipe[0])
        close(outPipe[1])
        guard result == 0 else {
            close(inPipe[1])
            close(outPipe[0])
            throw .spawn(result)
        }
        pid = child
        input = inPipe[1]
        output = outPipe[0]
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        closeInput()
        if output >= 0 { close(output) }
        if status == nil {
            kill()
            _ = wait()
        }
    }

    /// Writes all of `bytes` to the child's standard input before `deadline`. A child that exited (or closed its
    /// input) is `ChildProcessError.closed`, never a SIGPIPE.
    public func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant) throws(ChildProcessError) {
        guard input >= 0 else { throw .closed }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBufferPointer { buffer in
                Self.writeWithoutSIGPIPE(input, buffer.baseAddress! + written, buffer.count - written)
            }
            if n > 0 {
                written += n
                continue
            }
            let error = errno
            if n < 0 && error == EINTR { continue }
            if n < 0 && error == EAGAIN {
                guard try Self.poll(input, POLLOUT, deadline) else { throw .timedOut }
                continue
            }
            throw error == EPIPE ? .closed : .io(error)
        }
    }

    /// Closes the child's standard input (it reads end of file).
    public func closeInput() {
        if input >= 0 {
            close(input)
            input = -1
        }
    }

    /// Reads the child's standard output until end of file, at most `limit` bytes, before `deadline`.
    public func readToEnd(limit: Int, deadline: ContinuousClock.Instant) throws(ChildProcessError) -> [UInt8] {
        var collected: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n == 0 { return collected }
            if n > 0 {
                collected.append(contentsOf: chunk[0..<n])
                if collected.count > limit { throw .tooMuchOutput }
                continue
            }
            let error = errno
            if error == EINTR { continue }
            guard error == EAGAIN else { throw .io(error) }
            guard try Self.poll(output, POLLIN, deadline) else { throw .timedOut }
        }
    }

    /// The descriptor of the child's standard output (non-blocking), to watch on an event loop.
    public var outputDescriptor: Int32 { output }

    /// Reads what the child has written so far without waiting: an empty array when nothing is there yet, nil at
    /// end of file (the child closed its output or exited).
    public func readAvailable() throws(ChildProcessError) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n == 0 { return nil }
            if n > 0 { return Array(chunk[0..<n]) }
            let error = errno
            if error == EINTR { continue }
            guard error == EAGAIN else { throw .io(error) }
            return []
        }
    }

    /// Sends SIGKILL to the child (unless it was reaped already).
    public func kill() {
        if status == nil { _ = Glibc.kill(pid, SIGKILL) }
    }

    /// Waits for the child to exit and returns its wait status (see `exitCode`). Blocks.
    @discardableResult
    public func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        status = raw
        return raw
    }

    /// The child's wait status if it has exited (reaping it), nil while it runs. Never blocks.
    public func exitStatusIfExited() -> Int32? {
        if let status { return status }
        var raw: Int32 = 0
        var reaped = waitpid(pid, &raw, WNOHANG)
        while reaped < 0 && errno == EINTR { reaped = waitpid(pid, &raw, WNOHANG) }
        guard reaped == pid else { return nil }
        status = raw
        return raw
    }

    /// The exit code of a wait status, or nil when the child was killed by a signal.
    public static func exitCode(_ status: Int32) -> Int32? {
        status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }

    /// Waits until `fd` is ready for `events`; false when `deadline` passed first.
    private static func poll(_ fd: Int32, _ events: Int32, _ deadline: ContinuousClock.Instant) throws(ChildProcessError) -> Bool {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero { return false }
            let (seconds, attoseconds) = left.components
            let milliseconds = min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, Int64(Int32.max))
            var entry = pollfd(fd: fd, events: Int16(events), revents: 0)
            let ready = Glibc.poll(&entry, 1, Int32(milliseconds))
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { throw .io(errno) }
        }
    }

    /// `send(2)` without SIGPIPE: a closed peer is EPIPE.
    private static func writeWithoutSIGPIPE(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        send(fd, bytes, count, Int32(MSG_NOSIGNAL))
    }

    /// A NULL-terminated array of `strdup`ed C strings.
    private static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { strdup($0) } + [nil]
    }

    private static func free(_ strings: [UnsafeMutablePointer<CChar>?]) {
        for string in strings { Glibc.free(string) }
    }
}
