import Glibc

/// Lines on standard error: what the lock window tells the guard that started it (`standing by`, `shown`, …) and
/// its errors. Written with write(2), unbuffered, so the guard reads each line at once.
enum StandardError {
    static func line(_ text: String) {
        _ = (text + "\n").withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
