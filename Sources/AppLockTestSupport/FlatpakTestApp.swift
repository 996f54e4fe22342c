public import Foundation

/// The Flatpak app `org.example.Flat`, built offline from this machine's own binaries by `scripts/flatpak-test-app.sh`
/// (once per machine, cached under `.cache/flatpak/`) and installed from that local repository into a test's own
/// user installation, `$XDG_DATA_HOME/flatpak` (`FLATPAK_USER_DIR`), whose exports folder is where Flatpak puts its
/// desktop file. Started with `flatpak run`, it draws a magenta window named by its Flatpak id, inside the sandbox.
public enum FlatpakTestApp {
    /// The app's Flatpak id, which is also its desktop-file id.
    public static let id = "org.example.Flat"

    /// The user installation in `environment`.
    public static func userDirectory(_ environment: TestEnvironment) -> URL {
        environment.dataHome.appendingPathComponent("flatpak")
    }

    /// The variables a session exports for Flatpak (as `/etc/profile.d/flatpak.sh` does): the user installation, and
    /// its exports folder in `XDG_DATA_DIRS`, where `gtk-launch` finds the app's desktop file.
    public static func variables(_ environment: TestEnvironment) -> [String: String] {
        let dataDirectories = environment.environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share"
        return ["FLATPAK_USER_DIR": userDirectory(environment).path,
                "XDG_DATA_DIRS": userDirectory(environment).appendingPathComponent("exports/share").path + ":" + dataDirectories]
    }

    /// Builds the app when the cache has no build of the current inputs, then installs it, with its runtime, into
    /// the user installation of `environment`.
    public static func install(_ environment: TestEnvironment) throws {
        let script = PackageFolders.package.appendingPathComponent("scripts/flatpak-test-app.sh").path
        let built = environment.run([script], timeout: .seconds(300))
        let repository = built.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard built.succeeded, !repository.isEmpty else { throw TestSupportError("\(script): \(built.stderr)") }
        let flatpak = ["flatpak", "--user"]
        for step in [["remote-add", "--no-gpg-verify", "test-repo", "file://\(repository)"],
                     ["install", "--noninteractive", "-y", "test-repo", id]] {
            let result = environment.run(flatpak + step, extraEnvironment: variables(environment), timeout: .seconds(120))
            guard result.succeeded else { throw TestSupportError("flatpak \(step[0]): \(result.stderr)") }
        }
    }
}
