import Testing
import AppLockCore

/// The shortcut that locks every protected app, read as GTK writes accelerators and spelled for each desktop.
@Suite struct KeyboardShortcutTests {
    @Test(arguments: [
        ("<Super><Alt>l", "<Super><Alt>l", "Mod4+Mod1+l"),
        ("<Alt><Super>L", "<Super><Alt>l", "Mod4+Mod1+l"),
        ("<mod4><mod1>l", "<Super><Alt>l", "Mod4+Mod1+l"),
        ("<Primary><Shift>F12", "<Control><Shift>F12", "Control+Shift+F12"),
        ("  <Ctrl><Alt>Delete ", "<Control><Alt>Delete", "Control+Mod1+Delete"),
        ("<Meta>k", "<Super>k", "Mod4+k"),
    ])
    func readsAndSpellsIt(_ text: String, _ gtk: String, _ sway: String) throws {
        let shortcut = try KeyboardShortcut(parsing: text)
        #expect(shortcut.description == gtk)
        #expect(shortcut.swayBinding == sway)
        #expect(try KeyboardShortcut(parsing: shortcut.description) == shortcut)
    }

    @Test(arguments: [
        ("", KeyboardShortcutError.malformed("")),
        ("<Super><Alt>", .malformed("<Super><Alt>")),
        ("<Super", .malformed("<Super")),
        ("<Super><Alt>l x", .malformed("<Super><Alt>l x")),
        ("<Hyper>l", .unknownModifier("hyper")),
        ("l", .noModifier("l")),
    ])
    func refusesWhatDoesNotRead(_ text: String, _ error: KeyboardShortcutError) {
        #expect(throws: error) { try KeyboardShortcut(parsing: text) }
    }

    @Test func theFileNamesItOrLeavesTheDefaultOrNone() throws {
        func configured(_ text: String) throws -> KeyboardShortcut? {
            try KeyboardShortcut.configured(
                KeyboardShortcut.lockAllKey, in: KeyFile.parse(text, fileName: "applock.conf"), default: .lockAllDefault)
        }
        #expect(try KeyboardShortcut.configured("LockAll", in: nil, default: .lockAllDefault) == .lockAllDefault)
        #expect(try configured("[Policy]\nGracePeriod=5\n") == .lockAllDefault)
        #expect(try configured("[Shortcuts]\nLockAll=<Control><Alt>k\n")
            == KeyboardShortcut(modifiers: [.control, .alt], key: "k"))
        #expect(try configured("[Shortcuts]\nLockAll=\n") == nil)
        #expect(throws: KeyboardShortcutError.noModifier("k")) { try configured("[Shortcuts]\nLockAll=k\n") }
        #expect(KeyboardShortcut.lockAllDefault.description == "<Super><Alt>l")
    }
}
