import Foundation

/// The targets of `Package.swift` as `swift package dump-package` prints them: name, kind, folder and the modules
/// each depends on (targets of this package and products of others, by name).
struct PackageManifest {
    /// One target of the manifest.
    struct Target {
        let name: String
        let kind: String
        let folder: String
        let dependencies: Set<String>

        /// The module name Swift code imports: the target's name with dashes as underscores.
        var moduleName: String { name.replacingOccurrences(of: "-", with: "_") }
    }

    let targets: [Target]

    /// Reads the manifest of the package at `root` with the toolchain's `swift` on `PATH`, in a scratch folder of
    /// its own so that it never waits on the lock of the build that runs these tests.
    static func load(root: URL) throws -> PackageManifest {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("architecture-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("manifest.json")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw ManifestError("cannot write \(output.path)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ManifestError("swift package dump-package exited with \(process.terminationStatus)")
        }
        return try parse(Data(contentsOf: output))
    }

    /// Parses `dump-package`'s JSON.
    static func parse(_ json: Data) throws -> PackageManifest {
        guard let top = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let targets = top["targets"] as? [[String: Any]]
        else { throw ManifestError("dump-package printed no targets") }
        return PackageManifest(targets: try targets.map { target in
            guard let name = target["name"] as? String, let kind = target["type"] as? String else {
                throw ManifestError("a target without name or type")
            }
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                dependency.values.compactMap { ($0 as? [Any])?.first as? String }.first
            }
            let folder = target["path"] as? String ?? (kind == "test" ? "Tests/\(name)" : "Sources/\(name)")
            return Target(name: name, kind: kind, folder: folder, dependencies: Set(dependencies))
        })
    }
}

/// Why the manifest could not be read.
struct ManifestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
