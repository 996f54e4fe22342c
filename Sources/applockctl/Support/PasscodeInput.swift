import AppLockClient
import AppLockCore
import AppLockProtocol
import Glibc
import Translation

/// Where passcodes come from: the terminal without echo, or standard input with `--stdin` (one line per
/// passcode, for scripts). A passcode never comes from the command line. Each is read into a ``PasscodeBytes`` (one
/// fixed buffer, wiped when released); a `String` of it is made only for a check or the call that carries it.
final class PasscodeInput {
    private let terminal: Terminal?

    /// The most rounds `readNew` asks for a new passcode and its confirmation.
    static let maximumRounds = 3

    static let tooLong = CommandFailure(
        .invalidPasscode, L("The passcode is not acceptable: it is longer than %1$d bytes.", PasscodeBytes.capacity))

    init(fromStandardInput: Bool) throws(CommandFailure) {
        terminal = fromStandardInput ? nil : try Terminal()
    }

    /// Reads one passcode: a no-echo prompt on the terminal, or the next line of standard input.
    func read(prompt: String) throws(CommandFailure) -> PasscodeBytes {
        let passcode = if let terminal { try terminal.readSecret(prompt: prompt) } else { try Self.readStandardInputLine() }
        if passcode.isEmpty {
            throw CommandFailure(.passcodeNotEntered, L("No passcode was entered."))
        }
        return passcode
    }

    /// The next line of standard input, read a byte at a time (nothing is buffered beyond it), without its line end.
    private static func readStandardInputLine() throws(CommandFailure) -> PasscodeBytes {
        let line = PasscodeBytes()
        var overflowed = false
        var readAny = false
        // A carriage return counts only when a byte follows it: "\r\n" ends a line as "\n" does.
        var carriageReturn = false
        while true {
            var byte: UInt8 = 0
            let n = Glibc.read(STDIN_FILENO, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 || byte == 0x0a { break }
            readAny = true
            if carriageReturn, !line.append(0x0d) { overflowed = true }
            carriageReturn = byte == 0x0d
            if !carriageReturn, !line.append(byte) { overflowed = true }
        }
        guard readAny else { throw CommandFailure(.passcodeNotEntered, L("No passcode on standard input.")) }
        if overflowed { throw tooLong }
        return line
    }

    /// Reads a new passcode. On the terminal it is asked twice (first with `prompt`); on a mismatch (or a passcode that does not fit
    /// `kind`) the user is told and asked again, at most `maximumRounds` times. From standard input it is one line.
    func readNew(prompt: String, kind: PasscodeKind?) throws(CommandFailure) -> PasscodeBytes {
        guard let terminal else {
            let passcode = try read(prompt: "")
            try Self.check(passcode, kind: kind)
            return passcode
        }
        let mismatch = CommandFailure(
            .passcodeNotEntered, L("Passcodes did not match %1$d times; nothing was changed.", Self.maximumRounds))
        var lastFailure = mismatch
        for round in 1...Self.maximumRounds {
            let first = try read(prompt: prompt)
            do {
                try Self.check(first, kind: kind)
            } catch {
                lastFailure = error
                if round < Self.maximumRounds { terminal.say(error.message + " " + L("Try again.") + "\n") }
                continue
            }
            let second = try read(prompt: L("Confirm the new passcode: "))
            if first.matches(second) { return first }
            lastFailure = mismatch
            if round < Self.maximumRounds { terminal.say(L("Passcodes did not match; try again.") + "\n") }
        }
        throw lastFailure
    }

    /// The kind of a new passcode: `kind` when given, else the one its shape suggests.
    static func kind(of passcode: PasscodeBytes, given kind: PasscodeKind?) -> PasscodeKind {
        kind ?? PasscodeKindGuess.kind(for: passcode.makeString())
    }

    /// Checks the shape of a new passcode against its kind (the agent checks the policy too).
    private static func check(_ passcode: PasscodeBytes, kind: PasscodeKind?) throws(CommandFailure) {
        do {
            try PasscodeRules.validate(passcode.makeString(), kind: Self.kind(of: passcode, given: kind), policy: .defaults)
        } catch {
            throw CommandFailure(.invalidPasscode, L("The passcode is not acceptable: %1$s.", error.description))
        }
    }
}
