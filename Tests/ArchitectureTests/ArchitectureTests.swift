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

    /// The client library is the library an app needs: its public top-level types are the ones the document lists,
    /// and AppLock's own tooling lives elsewhere.
    @Test func theClientLibraryExportsWhatTheDocumentLists() throws {
        let folder = Self.root.appendingPathComponent("Sources/AppLockClient")
        var exported: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("public ") {
                let words = line.split(separator: " ").map(String.init).filter { $0 != "final" }
                guard words.count > 2, ["struct", "enum", "class", "protocol", "actor", "typealias"].contains(words[1])
                else { continue }
                exported.insert(String(words[2].prefix { $0.isLetter || $0.isNumber }))
            }
        }
        #expect(!exported.isEmpty)
        #expect(exported == document.clientSurface,
                "AppLockClient exports \(exported.sorted()); docs/ARCHITECTURE.md's client-surface lists \(document.clientSurface.sorted())")
    }

    /// Each executor carries out every action of its core's action types itself: a `switch` over a value of one of
    /// them has no `default:`, so a new action does not compile until the executor says what it does.
    @Test func executorsSwitchOverTheirActionsWithoutDefault() throws {
        #expect(!document.executors.isEmpty)
        for (path, types) in document.executors {
            let folder = Self.root.appendingPathComponent(path)
            var switches = 0
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() {
                    guard let subject = Self.switchSubject(line), let type = Self.typeOf(subject, before: index, in: lines),
                          types.contains(type) else { continue }
                    switches += 1
                    let body = Self.block(from: index, in: lines)
                    #expect(!body.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("default:") },
                            "\(file.lastPathComponent):\(index + 1) switches over \(type) with default:")
                }
            }
            #expect(switches > 0, "no switch over \(types) found in \(path)")
        }
    }

    /// `action` of a line `switch action {`.
    private static func switchSubject(_ line: Substring) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("switch "), trimmed.hasSuffix("{") else { return nil }
        return String(trimmed.dropFirst("switch ".count).dropLast()).trimmingCharacters(in: .whitespaces)
    }

    /// The type of the actions `subject` ranges over, from the nearest `for subject in …` whose sequence is typed
    /// (`_ actions: [Type]`) in the lines above.
    private static func typeOf(_ subject: String, before index: Int, in lines: [Substring]) -> String? {
        for line in lines[..<index].reversed() {
            guard let range = line.range(of: "for \(subject) in ") else { continue }
            let sequence = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber }
            for declaration in lines[..<index].reversed() {
                if let typed = declaration.range(of: "\(sequence): [") {
                    return String(declaration[typed.upperBound...].prefix { $0.isLetter || $0.isNumber })
                }
            }
            return nil
        }
        return nil
    }

    /// The lines of the braced block opened on line `start`.
    private static func block(from start: Int, in lines: [Substring]) -> [Substring] {
        var depth = 0
        var body: [Substring] = []
        for line in lines[start...] {
            body.append(line)
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            if depth <= 0 { break }
        }
        return body
    }

    /// The guard's driver decides nothing (`GuardMachine` does): its stored state is the machine, the
    /// processes, the loop's resources and what it read from files, never a set, a rule, a readiness, a count or a
    /// time of its own, and no more of it than that.
    @Test func theGuardDriverKeepsNoStateOfItsOwn() throws {
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/AppLockGuard/GuardDriver.swift"), encoding: .utf8)
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
                   words[..<index].allSatisfy({ ["public", "package", "internal", "@testable", "@preconcurrency"].contains($0) })
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
