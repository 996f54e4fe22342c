import AppLockTestSupport
import Foundation

/// Where the built binaries and the package live, found from the running test executable.
enum BuiltProducts {
    /// The directory holding the test bundle, applockctl and applockd (`<scratch>/<triple>/debug`).
    static let binDirectory: URL = {
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            if FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("applockctl").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }()

    /// The built applockctl.
    static var applockctl: String { binDirectory.appendingPathComponent("applockctl").path }

    /// The scratch path the binaries were built in (for `make ... SWIFT_FLAGS=--scratch-path`).
    static var scratchPath: String { binDirectory.deletingLastPathComponent().deletingLastPathComponent().path }

    /// The package root (holding the Makefile).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

extension TestEnvironment {
    /// Runs the built applockctl with this environment; `input` goes to its standard input.
    func applockctl(_ arguments: [String], input: String? = nil) -> CommandResult {
        run([BuiltProducts.applockctl] + arguments, input: input)
    }
}
