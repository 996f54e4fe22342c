public import Foundation

extension TestEnvironment {
    /// The policy file of `app` (`$XDG_CONFIG_HOME/applock/apps.d/<app>.conf`), where a user's edits go.
    public func appPolicyFile(_ app: String) -> URL {
        configHome.appendingPathComponent("applock/apps.d/\(app).conf")
    }

    /// Writes `app`'s policy file as a user would: `[Policy]` and then `keys` (lines `Key=value`), in place of any
    /// earlier one. Returns the file.
    @discardableResult
    public func writeAppPolicy(_ app: String, _ keys: String) throws -> URL {
        let file = appPolicyFile(app)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Policy]\n\(keys)".write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}

extension TestEnvironment {
    /// Unlocks `app` with `passcode` through the built `applockctl`, as a user at a terminal does (on standard input,
    /// never in argv), once `client` sees the app registered by the guard: an unlock verified before the guard
    /// registers the app is voided by the registration (its launch state).
    public func unlockWithApplockctl(_ app: String, passcode: String, seenBy client: AgentClient) throws {
        _ = waitUntil(timeout: .seconds(10)) { client.isRegistered(app) }
        let result = run([try PackageFolders.program("applockctl"), "unlock", app, "--stdin"], input: passcode + "\n")
        guard result.succeeded else { throw TestSupportError("applockctl unlock \(app) failed: \(result.stderr)") }
    }
}
