import AppLockCore
import ArgumentParser

/// A `--kind` value: four-digit, six-digit, numeric or alphanumeric.
struct KindArgument: ExpressibleByArgument {
    let kind: PasscodeKind

    init?(argument: String) {
        guard let kind = PasscodeKind(rawValue: argument) else { return nil }
        self.kind = kind
    }

    static var allValueStrings: [String] { PasscodeKind.allCases.map(\.rawValue) }
}
