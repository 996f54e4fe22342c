import Glibc

/// Lines on standard error: Settings' errors, and `shown` for its tests. Written with write(2), unbuffered.
enum StandardError {
    static func line(_ text: String) {
        _ = (text + "\n").withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
