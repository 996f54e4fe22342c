import Foundation
import Testing

/// The guard's rules that `docs/ARCHITECTURE.md` states and the module graph cannot show, held by reading the
/// sources: one action type per executor with no `default:`, the KWin script a file, the compositor contract stated
/// in AppLockProtocol.
@Suite struct GuardRulesTests {
    static let root = ArchitectureTests.root

    /// The Swift files under `Sources/<folder>` for each folder, by path relative to the package.
    static func sources(in folders: [String]) throws -> [String: String] {
        var found: [String: String] = [:]
        for folder in folders {
            let url = root.appendingPathComponent("Sources/\(folder)")
            guard let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                found["Sources/\(folder)/" + file.lastPathComponent] = try String(contentsOf: file, encoding: .utf8)
            }
        }
        return found
    }

    static let guardFolders = ["AppLockGuardCore", "AppLockGuard", "AppLockGuardX11", "AppLockGuardWayland", "applock-guard"]

    /// The body of each `switch action` (the executors' parameter, `execute(_ action:)`), up to the line that closes
    /// it at the `switch`'s indentation.
    static func actionSwitches(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var bodies: [String] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("switch action") else { continue }
            let closing = String(repeating: " ", count: line.count - trimmed.count) + "}"
            let end = lines[(index + 1)...].firstIndex { $0 == closing } ?? lines.endIndex
            bodies.append(lines[index..<end].joined(separator: "\n"))
        }
        return bodies
    }

    @Test func noSwitchOverAnActionHasADefault() throws {
        let files = try Self.sources(in: Self.guardFolders)
        var switches = 0
        for (path, text) in files {
            for body in Self.actionSwitches(in: text) {
                switches += 1
                #expect(!body.contains("default:"), "\(path): a switch over an action has a default:\n\(body)")
            }
        }
        // The driver's dispatch and the four backends' (X11, sway, wlroots, KWin and GNOME).
        #expect(switches >= 5)
    }

    @Test func theKWinScriptIsAFileAndNoGuardSourceHoldsKWinJavaScript() throws {
        let package = Self.root.appendingPathComponent("data/kwin/applock")
        for file in ["metadata.json", "contents/code/main.js", "contents/code/restore.js"] {
            #expect(FileManager.default.fileExists(atPath: package.appendingPathComponent(file).path), "data/kwin/applock/\(file)")
        }
        for (path, text) in try Self.sources(in: Self.guardFolders) {
            #expect(!text.contains("callDBus(") && !text.contains("workspace.windowList"), "\(path) holds a KWin script")
            #expect(!text.contains("XDG_RUNTIME_DIR"), "\(path) writes to the runtime folder")
        }
    }

    /// Whether a focus change is the user's or the compositor's own hand-off after the guard hid the active window
    /// is decided once, in `GuardCore` (its case table is `HandOffCaseTests`): the backends report the facts
    /// (`activeWindowChanged`, `activeWindowHidden`, `windowMinimised`, `windowRestored`, `workspaceSwitched`,
    /// `lockWindowFocused`) and keep no state of the hand-off, nor hold an activation back.
    @Test func noBackendKeepsHandOffState() throws {
        let words = ["handoff", "handedoff", "handover", "withfocus", "minimisedactive", "fellback", "fallback",
                     "choice", "swallow"]
        let backends = try Self.sources(in: ["AppLockGuardX11", "AppLockGuardWayland"])
        for (path, text) in backends {
            let stored = text.split(separator: "\n").filter { line in
                let trimmed = line.drop { $0 == " " }
                return line.count - trimmed.count == 4 && (trimmed.hasPrefix("var ") || trimmed.hasPrefix("let "))
            }
            for line in stored {
                let name = line.lowercased()
                #expect(!words.contains { name.contains($0) }, "\(path) keeps hand-off state: \(line)")
            }
        }
        #expect(backends.values.contains { $0.contains(".activeWindowHidden(") }, "a backend reports the active window hidden")
        // The scripts inside the compositor report the same facts and keep no flag of their own.
        for script in ["data/kwin/applock/contents/code/main.js", "data/gnome-shell/applock.js"] {
            let code = try String(contentsOf: Self.root.appendingPathComponent(script), encoding: .utf8)
                .split(separator: "\n").filter { line in
                    let trimmed = line.drop { $0 == " " }
                    return !trimmed.hasPrefix("//") && !trimmed.hasPrefix("*") && !trimmed.hasPrefix("/*")
                }
            for line in code {
                let lowered = line.lowercased()
                #expect(!words.contains { lowered.contains($0) }, "\(script) keeps hand-off state: \(line)")
            }
        }
    }

    @Test func theGuardSpellsNoCompositorMemberItself() throws {
        for (path, text) in try Self.sources(in: ["AppLockGuardWayland"]) {
            for member in ["\"WindowEvent\"", "\"Poll\"", "\"activated\"", "\"removed\"", "\"lockPid\"", "<method name="] {
                #expect(!text.contains(member), "\(path) spells \(member): it is AppLockProtocol's (CompositorMethod, CompositorWindowEvent, CompositorWanted)")
            }
        }
    }
}
