import AppLockCore
import AppLockProtocol

/// Where passcodes come from: the terminal without echo, or standard input with `--stdin` (one line per
/// passcode, for scripts). A passcode never comes from the command line.
final class PasscodeInput {
    private let terminal: Terminal?

    /// The most rounds `readNew` asks for a new passcode and its confirmation.
    static let maximumRounds = 3

    init(fromStandardInput: Bool) throws(CommandFailure) {
        terminal = fromStandardInput ? nil : try Terminal()
    }

    /// Reads one passcode: a no-echo prompt on the terminal, or the next line of standard input.
    func read(prompt: String) throws(CommandFailure) -> String {
        let passcode: String
        if let terminal {
            passcode = try terminal.readSecret(prompt: prompt)
        } else {
            guard var line = readLine(strippingNewline: true) else {
                throw CommandFailure(.passcodeNotEntered, "No passcode on standard input.")
            }
            if line.hasSuffix("\r") { line.removeLast() }
            passcode = line
        }
        if passcode.isEmpty {
            throw CommandFailure(.passcodeNotEntered, "No passcode was entered.")
        }
        return passcode
    }

    /// Reads a new passcode. On the terminal it is asked twice; on a mismatch (or a passcode that does not fit
    /// `kind`) the user is told and asked again, at most `maximumRounds` times. From standard input it is one line.
    func readNew(for app: AppID, kind: PasscodeKind?) throws(CommandFailure) -> String {
        guard let terminal else {
            let passcode = try read(prompt: "")
            try Self.check(passcode, kind: kind)
            return passcode
        }
        let mismatch = CommandFailure(
            .passcodeNotEntered, "Passcodes did not match \(Self.maximumRounds) times; nothing was changed.")
        var lastFailure = mismatch
        for round in 1...Self.maximumRounds {
            let first = try read(prompt: "New passcode for \(app): ")
            do {
                try Self.check(first, kind: kind)
            } catch {
                lastFailure = error
                if round < Self.maximumRounds { terminal.say("\(error.message) Try again.\n") }
                continue
            }
            let second = try read(prompt: "Confirm the new passcode: ")
            if first == second { return first }
            lastFailure = mismatch
            if round < Self.maximumRounds { terminal.say("Passcodes did not match; try again.\n") }
        }
        throw lastFailure
    }

    /// Checks the shape of a new passcode against its kind (the agent checks the policy too).
    private static func check(_ passcode: String, kind: PasscodeKind?) throws(CommandFailure) {
        let kind = kind ?? PasscodeKindGuess.kind(for: passcode)
        do {
            try PasscodeRules.validate(passcode, kind: kind, policy: .defaults)
        } catch {
            throw CommandFailure(.invalidPasscode, "The passcode is not acceptable: \(error.description).")
        }
    }
}
