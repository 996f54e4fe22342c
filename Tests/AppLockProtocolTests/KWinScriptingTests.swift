import AppLockProtocol
import Testing

/// A loaded KWin script is started where the KWin at hand exports it: Plasma 6's object path first, then 5.27's.
@Suite("Starting a loaded KWin script on 5.27 and Plasma 6")
struct KWinScriptingTests {
    struct NoSuchObject: Error, Equatable { let path: String }

    @Test("Plasma 6's path is tried first and, when KWin answers there, is the only one called")
    func plasma6PathFirst() throws {
        var called: [String] = []
        try KWinScripting.run(id: 3) { called.append($0) }
        #expect(called == ["/Scripting/Script3"])
    }

    @Test("Where KWin has no object at Plasma 6's path (5.27), 5.27's path is called next")
    func fallsBackTo527() throws {
        var called: [String] = []
        try KWinScripting.run(id: 0) { path in
            called.append(path)
            if path.hasPrefix("/Scripting/") { throw NoSuchObject(path: path) }
        }
        #expect(called == ["/Scripting/Script0", "/0"])
    }

    @Test("When neither path answers, the last error is thrown")
    func throwsWhenNeitherAnswers() {
        #expect(throws: NoSuchObject(path: "/7")) {
            try KWinScripting.run(id: 7) { throw NoSuchObject(path: $0) }
        }
    }
}
