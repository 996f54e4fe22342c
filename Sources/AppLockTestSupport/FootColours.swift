import Foundation

/// The foot option section that sets a test app's colours: `colors` up to foot 1.25, `colors-dark` from 1.26 (which
/// renamed it; 1.28 dropped the old name), read once from the `foot --version` on PATH.
public enum FootColours {
    public static let section: String = {
        let scratch = FileManager.default.temporaryDirectory
        let output = CommandRunner.run(["foot", "--version"], environment: ProcessInfo.processInfo.environment,
                                       scratch: scratch, timeout: .seconds(10)).stdout
        let version = output.firstMatch(of: #/foot version: (\d+)\.(\d+)/#).flatMap { match in
            Int(match.1).flatMap { major in Int(match.2).map { (major, $0) } }
        }
        guard let version, version >= (1, 26) else { return "colors" }
        return "colors-dark"
    }()

}
