import Foundation
import Testing

/// `docs/ARCHITECTURE.md` cannot go stale: its module graph is `Package.swift`'s, every target declares exactly the
/// modules its sources import, and no target reaches a module the document forbids it.
@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    let manifest: PackageManifest
    let document: ArchitectureDocument

    init() throws {
        manifest = try PackageManifest.load(root: Self.root)
        document = try ArchitectureDocument.read(Self.root.appendingPathComponent("docs/ARCHITECTURE.md"))
    }

    /// The graph of every target but the tests, as Package.swift declares it.
    var declaredGraph: [String: Set<String>] {
        Dictionary(uniqueKeysWithValues: manifest.targets.filter { $0.kind != "test" }.map { ($0.name, $0.dependencies) })
    }

    @Test func theDocumentsGraphIsPackageSwifts() {
        let declared = declaredGraph
        if document.graph != declared {
            Issue.record(
                "docs/ARCHITECTURE.md's module-graph differs from Package.swift, which says:\n\(ArchitectureDocument.render(declared))"
            )
        }
    }

    @Test func everyTargetDeclaresExactlyWhatItImports() throws {
        let modules = Dictionary(uniqueKeysWithValues: manifest.targets.map { ($0.moduleName, $0.name) })
        let productModules = ["Logging", "ArgumentParser", "Histogram"]
        for target in manifest.targets where target.kind != "system-target" {
            let imported = try importedModules(of: target)
            let used = Set(imported.compactMap { modules[$0] ?? (productModules.contains($0) ? $0 : nil) })
                .subtracting([target.name])
            let builtOnly = Set(manifest.targets.filter { $0.kind == "executable" }.map(\.name))
            #expect(used.subtracting(target.dependencies).isEmpty, "\(target.name) imports undeclared \(used.subtracting(target.dependencies).sorted())")
            let unused = target.dependencies.subtracting(used).subtracting(builtOnly)
            #expect(unused.isEmpty, "\(target.name) declares but never imports \(unused.sorted())")
        }
    }

    @Test func noTargetReachesWhatTheDocumentForbids() {
        let graph = declaredGraph
        #expect(!document.rules.isEmpty)
        for rule in document.rules {
            for source in graph.keys where ArchitectureDocument.matches(source, rule.sources) {
                let reached = reachable(from: source, in: graph)
                let forbidden = reached.filter { ArchitectureDocument.matches($0, rule.forbidden) }
                #expect(forbidden.isEmpty, "\(source) reaches \(forbidden.sorted()), which docs/ARCHITECTURE.md forbids")
            }
        }
    }

    @Test func librariesLeaveFoundationToProgramsAndTests() throws {
        for target in manifest.targets where target.kind == "regular" && target.name != "AppLockTestSupport" {
            #expect(try !importedModules(of: target).contains("Foundation"), "\(target.name) imports Foundation")
        }
    }

    /// Foundation linked statically (with its ICU data) made each program that imports it about 40 MB larger in the
    /// package: no shipped program imports it.
    @Test func shippedProgramsLeaveFoundationOut() throws {
        let lean = ["applockd", "applock-store-helper", "applockctl", "applock-guard", "applock-lock-window", "applock-settings"]
        for target in manifest.targets where lean.contains(target.name) {
            #expect(try !importedModules(of: target).contains("Foundation"), "\(target.name) imports Foundation")
        }
        #expect(Set(manifest.targets.map(\.name)).isSuperset(of: lean))
    }

    /// The guard's driver decides nothing (`GuardDriverCore` and `GuardCore` do): its stored state is the cores, the
    /// processes, the loop's resources and what it read from files, never a set, a rule, a readiness, a count or a
    /// time of its own, and no more of it than that.
    @Test func theGuardDriverKeepsNoStateOfItsOwn() throws {
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/AppLockGuardDriver/GuardDriver.swift"), encoding: .utf8)
        let stored = source.split(separator: "\n").filter { line in
            guard line.hasPrefix("    "), !line.hasPrefix("     ") else { return false }
            let words = line.split(separator: " ").prefix { $0 != "=" && !$0.hasSuffix(":") }
            return words.contains("var") && !line.contains("{") && !words.contains("static")
        }
        let decisionKinds = ["Set<", "BackgroundRule", "Int", "Duration", "GuardReadiness", "ProtectionAlarm",
                             "RememberedHeldChanges", "PolicySet", "Query"]
        for line in stored {
            let kinds = decisionKinds.filter { line.contains($0) }
            #expect(kinds.isEmpty, "GuardDriver keeps \(kinds) itself: \(line)")
            // The one flag: the feeding loop's guard against re-entry, not a decision.
            #expect(!line.contains("Bool") && !line.contains("= false") && !line.contains("= true")
                        || line.contains("var feeding "), "GuardDriver keeps a flag itself: \(line)")
        }
        #expect(stored.count <= 16, "GuardDriver keeps \(stored.count) stored variables:\n\(stored.joined(separator: "\n"))")
    }

    private func importedModules(of target: PackageManifest.Target) throws -> Set<String> {
        let folder = Self.root.appendingPathComponent(target.folder)
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var modules: Set<String> = []
        for case let file as URL in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") where line.first != " " {
                let words = line.split(separator: " ")
                if let index = words.firstIndex(of: "import"), index + 1 < words.count,
                   words[..<index].allSatisfy({ ["public", "internal", "@testable", "@preconcurrency"].contains($0) })
                {
                    modules.insert(String(words[index + 1]))
                }
            }
        }
        return modules
    }

    private func reachable(from start: String, in graph: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = []
        var queue = Array(graph[start] ?? [])
        while let next = queue.popLast() {
            if seen.insert(next).inserted { queue.append(contentsOf: graph[next] ?? []) }
        }
        return seen
    }
}
