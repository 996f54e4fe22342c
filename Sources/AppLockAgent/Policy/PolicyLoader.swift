public import AppLockCore

/// Reads the policy files — the user's `applock.conf` and `apps.d/<app_id>.conf`,
/// the administrator's `[Mandatory]` file — into a `PolicySet`.
///
/// Each file keeps its last good version: a file that fails to parse is
/// reported (file, line, key) and the version read before stays in force; a
/// file that was never good is left out. A file that disappears is dropped.
public struct PolicyLoader: Sendable {
    /// `$XDG_CONFIG_HOME/applock`.
    public let userDirectory: String
    /// `/etc/applock/policy.conf` unless pointed elsewhere.
    public let adminPolicyPath: String

    private var lastGoodBase: PolicyOverrides?
    private var lastGoodPerApp: [AppID: PolicyOverrides] = [:]
    private var lastGoodMandatory: MandatoryPolicy?

    public init(userDirectory: String, adminPolicyPath: String) {
        self.userDirectory = userDirectory
        self.adminPolicyPath = adminPolicyPath
    }

    /// Reads every file; returns the policy now in force and one line per problem.
    public mutating func load() -> (policies: PolicySet, problems: [String]) {
        var problems: [String] = []

        let basePath = userDirectory + "/applock.conf"
        switch readKeyFile(basePath) {
        case .missing: lastGoodBase = nil
        case .failed(let problem): problems.append(problem)
        case .parsed(let keyFile):
            do { lastGoodBase = try PolicyOverrides.parse(keyFile) } catch { problems.append(error.description) }
        }

        let appsDirectory = userDirectory + "/apps.d"
        var perApp: [AppID: PolicyOverrides] = [:]
        for name in TextFiles.fileNames(in: appsDirectory, suffix: ".conf") {
            let path = appsDirectory + "/" + name
            guard let app = try? AppID(String(name.dropLast(".conf".count))) else {
                problems.append("\(path): the file name is not <app_id>.conf; ignored")
                continue
            }
            switch readKeyFile(path) {
            case .missing: break
            case .failed(let problem):
                problems.append(problem)
                if let previous = lastGoodPerApp[app] { perApp[app] = previous }
            case .parsed(let keyFile):
                do { perApp[app] = try PolicyOverrides.parse(keyFile) } catch {
                    problems.append(error.description)
                    if let previous = lastGoodPerApp[app] { perApp[app] = previous }
                }
            }
        }
        lastGoodPerApp = perApp

        switch readKeyFile(adminPolicyPath) {
        case .missing: lastGoodMandatory = nil
        case .failed(let problem): problems.append(problem)
        case .parsed(let keyFile):
            do { lastGoodMandatory = try MandatoryPolicy.parse(keyFile) } catch { problems.append(error.description) }
        }

        let policies = PolicySet(
            base: lastGoodBase ?? PolicyOverrides(),
            perApp: lastGoodPerApp,
            mandatory: lastGoodMandatory ?? MandatoryPolicy()
        )
        return (policies, problems)
    }

    private enum ReadOutcome {
        case missing
        case failed(String)
        case parsed(KeyFile)
    }

    private func readKeyFile(_ path: String) -> ReadOutcome {
        do {
            guard let text = try TextFiles.read(path) else { return .missing }
            return .parsed(try KeyFile.parse(text, fileName: path))
        } catch let error as FileError {
            return .failed(error.description)
        } catch let error as KeyFileError {
            return .failed(error.description)
        } catch {
            return .failed("\(path): \(error)")
        }
    }
}
