import Foundation
import Glibc

/// The controlling terminal: raw mode, the alternate screen, focus-event reporting, and whole-screen writes.
final class Terminal {
    private var original = termios()
    private var isRaw = false

    /// Raw mode (no echo, no line editing, no signals from keys), alternate screen, hidden cursor, focus reports.
    func enter() {
        if !isRaw, tcgetattr(STDIN_FILENO, &original) == 0 {
            var raw = original
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
            raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
            raw.c_oflag &= ~tcflag_t(OPOST)
            isRaw = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0
        }
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1004h")
    }

    /// Undoes ``enter()``.
    func leave() {
        write("\u{1B}[?1004l\u{1B}[?25h\u{1B}[2J\u{1B}[H\u{1B}[?1049l")
        if isRaw {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            isRaw = false
        }
    }

    /// Replaces the whole screen with `lines`.
    func draw(_ lines: [String]) {
        write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n"))
    }

    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
