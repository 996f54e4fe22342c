public import Foundation

/// Where tests find the package's built programs and keep what a user would see (screenshots under `artifacts/`).
public enum PackageFolders {
    /// The package's folder (where `data/` and `artifacts/` are).
    public static var package: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The folder of the built programs (`applockd`, `applock-guard`, `applock-lock-window`, `applockctl`…): the
    /// agent's.
    public static func programs() throws -> URL {
        try AgentProcess.locateExecutable().deletingLastPathComponent()
    }

    /// The path of the built program `name`.
    public static func program(_ name: String) throws -> String {
        try programs().appendingPathComponent(name).path
    }

    /// Installs the lock window's desktop entry (`data/applications/applock-lock-window.desktop`, its `Exec` the
    /// built program) into `dataHome/applications`, as the package does into `/usr/share/applications`: shells name
    /// the lock window by it.
    public static func installLockWindowEntry(dataHome: URL) throws {
        let template = package.appendingPathComponent("data/applications/applock-lock-window.desktop")
        let entry = try String(contentsOf: template, encoding: .utf8)
            .replacingOccurrences(of: "@bindir@", with: try programs().path)
        let applications = dataHome.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try entry.write(to: applications.appendingPathComponent("applock-lock-window.desktop"), atomically: true, encoding: .utf8)
    }

    /// `artifacts/<name>` in the package, made when missing.
    public static func artifacts(_ name: String) -> URL {
        let url = package.appendingPathComponent("artifacts/\(name)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
