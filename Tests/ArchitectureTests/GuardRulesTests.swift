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

    /// What each backend stores, by type: handles to carry out the core's actions with (the display, the bus, the
    /// compositor's window ids keyed by the core's), the desktop's facts it reports, and bookkeeping of its own
    /// protocol. A stored property not listed here fails this test until it is named, with what it holds; whether a
    /// focus change is the user's or the compositor's hand-off is the core's alone (`HandOffCaseTests`), so no entry
    /// may hold that.
    static let backendState: [String: [String: String]] = [
        "Sources/AppLockGuardX11/X11Guard.swift": [
            "display": "handle: the X connection", "driver": "handle: the shared driver", "core": "computed: the driver's core",
            "clients": "X window ids of managed clients and their frames (handles)", "frames": "frame to client (handles)",
            "covers": "cover window ids, by client (handles)", "coverOwners": "cover to client (handles)",
            "entries": "computed: the driver's desktop entries", "lockHost": "the cover window the lock window is reparented into",
"draining": "X event loop bookkeeping",
            "leftBehindWhenTheBusGoes": "computed: what stays hidden if the bus goes", "lockAllGrab": "the grabbed key codes",
            "minimiseSoon": "covered windows to iconify once nothing holds them back", "minimisedByGuard": "windows the guard iconified, to give back",
            "offScreenByGuard": "windows the guard moved off screen, to give back",
            "predecessorCovers": "a previous guard's covers found at start", "predecessorMinimised": "a previous guard's iconified windows",
        ],
        "Sources/AppLockGuardWayland/CompositorGuard.swift": [
            "bus": "handle", "loop": "handle", "driver": "handle", "desktop": "which desktop", "dataDirectories": "where the script is",
            "windows": "the script's window uuids by the core's ids (handles) and reported facts", "ids": "uuid to the core's id",
            "nextID": "the next core id", "hidden": "windows the answer names hidden",
            "lockWindowToplevels": "lock window toplevels by uuid (handles)", "privateNotificationApps": "as last published",
            "version": "the Poll protocol's version", "activation": "the core's .activate until an answer carries it",
            "lockAllShortcut": "the shortcut to give GNOME's extension", "shortcutAwaitingExtension": "the shortcut until the extension applied it",
            "polls": "held Poll calls", "callsAwaitingCompositor": "calls held until the side answers", "publishScheduled": "loop bookkeeping",
            "side": "whether the script answers", "sideWatches": "bus match handles", "scriptCheck": "timer handle",
            "silenceCheck": "timer handle", "extensionReadPending": "a GNOME extension state read in flight", "lockWindows": "lock window processes (handles)",
        ],
        "Sources/AppLockGuardWayland/SwayGuard.swift": [
            "driver": "handle", "commands": "IPC handle", "events": "IPC handle", "eventWatch": "loop handle",
            "windows": "sway container ids by the core's ids (handles) and reported facts", "focused": "fact: sway's focused container",
            "focusedWorkspace": "fact: sway's focused workspace", "lockWindows": "lock window processes (handles)",
            "lockWindowContainers": "lock window containers (handles)", "boundShortcut": "the binding added through IPC",
            "leftBehindWhenTheBusGoes": "computed: what stays hidden if the bus goes",
        ],
        "Sources/AppLockGuardWayland/WlrootsGuard.swift": [
            "desktop": "handle", "driver": "handle", "name": "the compositor's name", "windows": "toplevel handles and reported facts",
            "hidden": "toplevels the core hides", "lockWindowAppID": "the lock window's app id",
            "lockWindowToplevels": "lock window toplevels (handles)", "leftBehindWhenTheBusGoes": "computed: what stays hidden if the bus goes",
        ],
        "Sources/AppLockGuardWayland/UnprotectedGuard.swift": ["desktop": "which desktop", "driver": "handle"],
        "Sources/AppLockGuardWayland/CompositorGuard+Side.swift": ["compositorName": "computed: the side's name"],
    ]

    /// What the scripts inside the compositor keep between events: facts seen, answers obeyed, handles. No focus:
    /// the window to activate comes in the guard's answer (the core decides it). A new variable fails this test until
    /// it is named here.
    static let scriptState: [String: [String: String]] = [
        "data/kwin/applock/contents/code/main.js": [
            "hidden": "the last answer's hidden windows", "lockPid": "the last answer's lock window process",
            "opacities": "a hidden window's own opacity, to give back", "captures": "a hidden window's own capture setting, to give back",
        ],
        "data/gnome-shell/applock.js": [
            "_getSettings": "the generation's settings getter", "_settings": "the extension's settings", "_hidden": "the last answer's hidden windows",
            "_lockPid": "the last answer's lock window process", "_shown": "windows seen shown", "_openReported": "windows reported opened",
            "_centred": "lock windows centred", "_signals": "signal handles", "_guard": "the guard's unique name",
            "_candidate": "a name owner being checked", "_notificationPrivacy": "the notification side", "_cancellable": "handle",
            "_watchId": "bus watch handle", "_agentWatchId": "bus watch handle", "_lockMenu": "the Quick Settings toggle",
            "_shares": "screen shares seen", "_newGuard": "the guard's first answer, which uncovers nothing",
        ],
    ]

    /// The names of the stored properties a Swift file declares at a type's top level (four spaces in).
    static func storedProperties(in text: String) -> Set<String> {
        let pattern = /^    (?:(?:public|private|fileprivate|internal|nonisolated|unowned|weak|private\(set\)|lazy) )*(?:var|let) ([A-Za-z_][A-Za-z0-9_]*)/
        var names: Set<String> = []
        for line in text.split(separator: "\n") {
            if let match = line.prefixMatch(of: pattern) { names.insert(String(match.1)) }
        }
        return names
    }

    @Test func everyBackendStoresOnlyWhatItsListNames() throws {
        let backends = try Self.sources(in: ["AppLockGuardX11", "AppLockGuardWayland"])
        for (path, text) in backends {
            let stored = Self.storedProperties(in: text)
            let listed = Set(Self.backendState[path]?.keys.map { $0 } ?? [])
            #expect(stored.subtracting(listed).isEmpty, "\(path) stores what GuardRulesTests.backendState does not name: \(stored.subtracting(listed).sorted())")
            #expect(listed.subtracting(stored).isEmpty, "GuardRulesTests.backendState names what \(path) no longer stores: \(listed.subtracting(stored).sorted())")
        }
        #expect(Set(Self.backendState.keys).isSubset(of: Set(backends.keys)))
        #expect(backends.values.contains { $0.contains(".activeWindowHidden(") }, "a backend reports the active window hidden")
    }

    @Test func everyScriptKeepsOnlyWhatItsListNames() throws {
        for (script, listed) in Self.scriptState {
            let code = try String(contentsOf: Self.root.appendingPathComponent(script), encoding: .utf8)
            var kept: Set<String> = []
            if script.hasSuffix("main.js") {
                for match in code.matches(of: /(?m)^let ([A-Za-z_]+)/) { kept.insert(String(match.1)) }
            } else {
                // The window side: the AppLock class, up to the next class.
                let start = try #require(code.range(of: "\nclass AppLock {"))
                let rest = code[start.upperBound...]
                let windowSide = rest[..<(rest.range(of: "\nclass ")?.lowerBound ?? rest.endIndex)]
                for match in windowSide.matches(of: #/this\.(_[A-Za-z]+) = /#) { kept.insert(String(match.1)) }
            }
            #expect(kept.subtracting(listed.keys).isEmpty, "\(script) keeps what GuardRulesTests.scriptState does not name: \(kept.subtracting(listed.keys).sorted())")
            #expect(Set(listed.keys).subtracting(kept).isEmpty, "GuardRulesTests.scriptState names what \(script) no longer keeps: \(Set(listed.keys).subtracting(kept).sorted())")
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
