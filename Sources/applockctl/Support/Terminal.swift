import AppLockClient
import Glibc
import Translation

/// The controlling terminal (`/dev/tty`), used for passcode prompts so that they work even when standard
/// input and output are redirected. Echo is off while a passcode is typed and always restored.
final class Terminal {
    private let fd: Int32

    /// Opens `/dev/tty`; fails when the process has no controlling terminal.
    init() throws(CommandFailure) {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0, isatty(fd) == 1 else {
            if fd >= 0 { close(fd) }
            throw CommandFailure(.passcodeNotEntered,
                                 L("There is no terminal to read the passcode from; use --stdin to read it from standard input."))
        }
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    /// Writes `text` to the terminal.
    func say(_ text: String) {
        var bytes = Array(text.utf8)
        while !bytes.isEmpty {
            let n = write(fd, bytes, bytes.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            bytes.removeFirst(n)
        }
    }

    /// Shows `prompt` and reads one line without echo into a ``PasscodeBytes`` (one fixed buffer, wiped when
    /// released). Backspace, Ctrl-U (erase the line), Ctrl-C (cancel, exit 130) and Ctrl-D (end of input on an empty
    /// line) work as at a shell prompt. A line longer than the longest passcode is refused.
    func readSecret(prompt: String) throws(CommandFailure) -> PasscodeBytes {
        say(prompt)
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else {
            throw CommandFailure(.passcodeNotEntered, L("Cannot read from the terminal."))
        }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cc.6 = 1 // VMIN: one byte at a time
        raw.c_cc.5 = 0 // VTIME: no timeout
        guard tcsetattr(fd, TCSAFLUSH, &raw) == 0 else {
            throw CommandFailure(.passcodeNotEntered, L("Cannot switch the terminal's echo off."))
        }
        let line = PasscodeBytes()
        var tooLong = false
        defer {
            _ = tcsetattr(fd, TCSAFLUSH, &saved)
            say("\n")
        }
        while true {
            var byte: UInt8 = 0
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                throw CommandFailure(.passcodeNotEntered, L("No passcode was entered."))
            }
            switch byte {
            case 0x0a, 0x0d:
                if tooLong { throw PasscodeInput.tooLong }
                return line
            case 0x03:
                throw CommandFailure(.cancelled, L("Cancelled."))
            case 0x04:
                if line.isEmpty { throw CommandFailure(.passcodeNotEntered, L("No passcode was entered.")) }
            case 0x7f, 0x08:
                line.removeLastScalar()
            case 0x15:
                line.wipe()
                tooLong = false
            default:
                if byte >= 0x20, !line.append(byte) { tooLong = true }
            }
        }
    }
}
