import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

/// The AppLock KWin script (`data/kwin/applock/contents/code/main.js`) run by node against a fake KWin
/// (`Tests/scripts/kwin-script-harness.js`): what it sends is the contract's ``CompositorWindowEvent``, and the
/// ``CompositorWanted`` the guard encodes is what it carries out.
@Suite("The KWin script against the compositor contract")
struct KWinScriptTests {
    /// One window as the fake KWin holds it.
    struct Window: Decodable, Equatable {
        var minimized: Bool
        var opacity: Double
        var keepAbove: Bool
        var onAllDesktops: Bool
        var excludeFromCapture: Bool
    }

    /// What the script did: its calls, in order, and the windows after the last step.
    struct Run {
        var calls: [(method: String, target: [String], arguments: [Any])] = []
        /// The shortcuts the script registered: name, words, keys.
        var shortcuts: [[String]] = []
        var windows: [String: Window] = [:]
        var active: String?

        /// The `WindowEvent`s, as the guard reads them (nil where the contract does not name the kind).
        var windowEvents: [CompositorWindowEvent?] {
            calls.filter { $0.method == CompositorMethod.windowEvent.name }.map { call in
                let a = call.arguments
                guard a.count == 6, let kind = a[0] as? String, let window = a[1] as? String, let desktopFile = a[2] as? String,
                      let resourceClass = a[3] as? String, let pid = a[4] as? Int, let minimised = a[5] as? Bool else { return nil }
                return CompositorWindowEvent(kind: kind, window: window, desktopFile: desktopFile, resourceClass: resourceClass,
                                             pid: Int32(pid), minimised: minimised)
            }
        }
    }

    static let package = IntrospectedInterface.dbusDirectory.deletingLastPathComponent()

    /// Runs the script through the harness with `scenario` (the harness's JSON).
    static func run(_ scenario: [String: Any]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/node")
        process.arguments = [
            package.appendingPathComponent("Tests/scripts/kwin-script-harness.js").path,
            package.appendingPathComponent("data/kwin/\(KWinScripting.appLockPackage)/contents/code/main.js").path,
        ]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, errors)
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: scenario))
        try input.fileHandleForWriting.close()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let failure = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "the harness failed: \(failure)")
        var run = Run()
        for line in text.split(separator: UInt8(ascii: "\n")) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            if let method = object["call"] as? String {
                let target = [object["service"], object["path"], object["iface"]].compactMap { $0 as? String }
                run.calls.append((method, target, object["args"] as? [Any] ?? []))
            } else if let shortcut = object["shortcut"] as? [String: String] {
                run.shortcuts.append([shortcut["name"] ?? "", shortcut["text"] ?? "", shortcut["keys"] ?? ""])
            } else if let state = object["state"] {
                run.windows = try JSONDecoder().decode([String: Window].self, from: JSONSerialization.data(withJSONObject: state))
                run.active = object["active"] as? String
            }
        }
        return run
    }

    static func window(_ id: String, app: String = "", pid: Int = 0) -> [String: Any] {
        ["id": id, "desktopFileName": app, "resourceClass": "", "pid": pid, "minimized": false]
    }

    @Test func itRegistersKWinsOwnShortcutForLockingEveryAppAndTellsTheGuardWhenItIsPressed() throws {
        let run = try Self.run([
            "windows": [Self.window("1", app: "org.example.Notes", pid: 40)], "active": "1",
            "steps": [["shortcut": "AppLock Lock All Now"]],
        ])
        #expect(run.shortcuts == [["AppLock Lock All Now", "AppLock: Lock All Now", "Meta+Alt+L"]])
        #expect(run.windowEvents.last == CompositorWindowEvent(
            kind: CompositorWindowEvent.Kind.lockAll.rawValue, window: "", desktopFile: "", resourceClass: "", pid: 0,
            minimised: false))
    }

    @Test func everyCallIsTheContractsAndEveryWindowEventDecodes() throws {
        let run = try Self.run([
            "windows": [Self.window("1", app: "org.example.Notes", pid: 40)], "active": "1",
            "steps": [["add": Self.window("2", app: "org.example.Mail", pid: 41), "active": true], ["remove": "1"]],
        ])
        let target = [GuardBusNames.busName, GuardBusNames.compositorPath, GuardBusNames.compositorInterface]
        #expect(run.calls.allSatisfy { $0.target == target && CompositorMethod(rawValue: $0.method) != nil })
        #expect(run.windowEvents == [
            CompositorWindowEvent(kind: .added, window: "1", desktopFile: "org.example.Notes", resourceClass: "", pid: 40, minimised: false),
            CompositorWindowEvent(kind: .activated, window: "1", desktopFile: "org.example.Notes", resourceClass: "", pid: 40, minimised: false),
            CompositorWindowEvent(kind: .added, window: "2", desktopFile: "org.example.Mail", resourceClass: "", pid: 41, minimised: false),
            CompositorWindowEvent(kind: .activated, window: "2", desktopFile: "org.example.Mail", resourceClass: "", pid: 41, minimised: false),
            CompositorWindowEvent(kind: .removed, window: "1", desktopFile: "org.example.Notes", resourceClass: "", pid: 40, minimised: false),
        ])
        let polls = run.calls.filter { $0.method == CompositorMethod.poll.name }
        #expect(polls.count == 1 && polls.first?.arguments as? [Int] == [0])
    }

    /// The guard's `Poll` answer, with window ids JSON must escape: the windows named are minimised and transparent,
    /// the others untouched, and the lock window's is kept above on every desktop with the focus.
    @Test func theScriptCarriesOutTheAnswerTheGuardEncodes() throws {
        let odd = "{\"quote\\\\ \u{1}\u{e9}}"
        let wanted = CompositorWanted(hide: ["1", odd], lockPid: 99, hideNotifications: ["org.example.Notes"])
        let run = try Self.run([
            "windows": [Self.window("1", pid: 40), Self.window(odd, pid: 40), Self.window("2", pid: 41), Self.window("lock", pid: 99)],
            "active": "1",
            "steps": [["answer": [5, wanted.json]]],
        ])
        let hidden = Window(minimized: true, opacity: 0, keepAbove: false, onAllDesktops: false, excludeFromCapture: true)
        #expect(run.windows["1"] == hidden)
        #expect(run.windows[odd] == hidden)
        #expect(run.windows["2"] == Window(minimized: false, opacity: 1, keepAbove: false, onAllDesktops: false, excludeFromCapture: false))
        #expect(run.windows["lock"] == Window(minimized: false, opacity: 1, keepAbove: true, onAllDesktops: true, excludeFromCapture: false))
        #expect(run.active == "lock")
        #expect(run.calls.filter { $0.method == CompositorMethod.poll.name }.map { $0.arguments as? [Int] } == [[0], [5]])
    }

    /// The guard's activation (the app chosen from the status item), carried out as a task bar's: the hidden window
    /// comes back, is reported restored and is minimised again, transparent; an answer with none activates nothing.
    @Test func theScriptActivatesTheWindowTheGuardNamesOnceAsATaskBarDoes() throws {
        let hiding = CompositorWanted(hide: ["1"])
        let chosen = CompositorWanted(hide: ["1"], activate: "1")
        let run = try Self.run([
            "windows": [Self.window("1", app: "org.example.Notes", pid: 40), Self.window("2", pid: 41)],
            "active": "2",
            "steps": [["answer": [5, hiding.json]], ["answer": [6, chosen.json]], ["activate": "2"], ["answer": [7, hiding.json]]],
        ])
        let facts = run.windowEvents.compactMap { $0 }.filter { $0.kind == .restored }.map(\.window)
        #expect(facts == ["1"], "the chosen window is reported restored once: \(run.windowEvents)")
        #expect(run.windows["1"] == Window(minimized: true, opacity: 0, keepAbove: false, onAllDesktops: false, excludeFromCapture: true))
        #expect(run.active == "2", "an answer with no activation leaves the focus where it is")
        #expect(chosen.json.hasSuffix(",\"activate\":\"1\"}") && hiding.json.hasSuffix(",\"activate\":\"\"}"))
    }

    /// An unlock's answer uncovers the window and the script gives it no focus of its own accord: the lock window's
    /// removal is reported, the focus stays where KWin leaves it (none here), and only the guard's `activate` (the
    /// core's decision, sent at the unlock and again once the lock window is reported removed) moves it to the window.
    @Test func theScriptGivesTheFocusBackOnlyWhereTheGuardSays() throws {
        let locked = CompositorWanted(hide: ["1"], lockPid: 99)
        let unlocked = CompositorWanted(hide: [])
        let focusBack = CompositorWanted(hide: [], activate: "1")
        let windows = [Self.window("1", app: "org.example.Notes", pid: 40), Self.window("2", pid: 41), Self.window("lock", pid: 99)]
        let steps: [[String: Any]] = [["answer": [5, locked.json]], ["answer": [6, unlocked.json]], ["remove": "lock"]]
        let alone = try Self.run(["windows": windows, "active": "1", "steps": steps])
        #expect(alone.windows["1"]?.minimized == false && alone.windows["1"]?.opacity == 1, "uncovered")
        #expect(alone.active == nil, "the script activates nothing by itself")
        #expect(alone.windowEvents.compactMap { $0 }.contains { $0.kind == .removed && $0.window == "lock" })
        let told = try Self.run(["windows": windows, "active": "1", "steps": steps + [["answer": [7, focusBack.json]]]])
        #expect(told.active == "1", "the guard's activate gives the focus back")
    }

    /// The lock-all shortcut rides an answer only once the guard has read it (GNOME's extension binds it; an empty one
    /// is none), escaped as JSON requires; KWin's script, which binds its own, carries such an answer out unchanged.
    @Test func theLockAllShortcutRidesTheAnswerOnceKnownAndKWinsScriptIgnoresIt() throws {
        let unread = CompositorWanted(hide: ["1"])
        let chosen = CompositorWanted(hide: ["1"], lockAll: "<Super><Alt>\"l")
        let none = CompositorWanted(hide: ["1"], lockAll: "")
        func decoded(_ wanted: CompositorWanted) throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: Data(wanted.json.utf8)) as? [String: Any])
        }
        #expect(try decoded(unread)["lockAll"] == nil)
        #expect(try decoded(chosen)["lockAll"] as? String == "<Super><Alt>\"l")
        #expect(try decoded(none)["lockAll"] as? String == "")
        let windows = [Self.window("1", app: "org.example.Notes", pid: 40), Self.window("2", pid: 41)]
        let plain = try Self.run(["windows": windows, "active": "2", "steps": [["answer": [5, unread.json]]]])
        let withShortcut = try Self.run(["windows": windows, "active": "2", "steps": [["answer": [5, chosen.json]]]])
        #expect(withShortcut.windows == plain.windows && withShortcut.active == plain.active)
        #expect(withShortcut.shortcuts == plain.shortcuts)
    }

    /// The script reports facts and decides nothing about the focus: that it minimised the active window (before
    /// KWin hands the focus on), every activation that follows (the lock window's and KWin's own choice alike), a
    /// switch of desktop, and a hidden window restored; the guard tells which is the user's.
    @Test func theScriptReportsTheFocusFactsAndHoldsNoActivationBack() throws {
        let wanted = CompositorWanted(hide: ["1"], lockPid: 99, hideNotifications: [])
        let run = try Self.run([
            "windows": [Self.window("1", app: "org.example.Notes", pid: 40), Self.window("2", pid: 41), Self.window("lock", pid: 99)],
            "active": "1",
            "steps": [["answer": [5, wanted.json]], ["activate": "2"], ["activate": "lock"], ["switchDesktop": true],
                      ["activate": "2"], ["restore": "1"]],
        ])
        let facts = run.windowEvents.compactMap { $0 }.filter { $0.kind != .added }.map { "\($0.kind.rawValue) \($0.window)" }
        #expect(facts == [
            "activated 1", "hidden 1", "changed 1", "activated lock", "activated 2", "activated lock", "workspace ",
            "activated 2", "restored 1", "changed 1", "changed 1", "activated lock",
        ])
        let hidden = try #require(run.windowEvents.first { $0?.kind == .hidden } ?? nil)
        #expect(!hidden.minimised, "reported before it is minimised")
        #expect(run.windows["1"]?.minimized == true, "minimised again once restored")
    }

    /// The interface's XML names every kind of `WindowEvent` the contract has, and no other.
    @Test func theInterfaceXMLNamesEveryKindOfWindowEvent() throws {
        let xml = try String(contentsOf: IntrospectedInterface.dbusDirectory.appendingPathComponent(
            "\(GuardBusNames.compositorInterface).xml"), encoding: .utf8)
        let kindDoc = try #require(xml.range(of: "@kind:").flatMap { start in
            xml.range(of: "@id:", range: start.upperBound..<xml.endIndex).map { String(xml[start.upperBound..<$0.lowerBound]) }
        })
        let named = Set(kindDoc.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        #expect(named == Set(CompositorWindowEvent.Kind.allCases.map(\.rawValue)))
    }
}
