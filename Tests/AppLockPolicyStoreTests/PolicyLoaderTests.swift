import AppLockCore
import AppLockPolicyStore
import AppLockProtocol
import Foundation
import Testing

/// The one rule every reader of the policy files follows: a broken file is a problem and keeps its last good
/// version; a file never good is left out; a file that goes is dropped; the other files are read all the same.
@Suite("PolicyLoader")
struct PolicyLoaderTests {
    private let notes = try! AppID("org.example.Notes")
    private let mail = try! AppID("org.example.Mail")

    private func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    @Test func aBrokenFileKeepsItsLastGoodVersionAndTheOthersStillApply() throws {
        let (files, root) = try PolicyFilesTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        var loader = PolicyLoader(files: files)
        try write("[Policy]\nGuard=true\nGracePeriod=30\n", files.path(of: .app(notes)))
        let first = loader.load()
        #expect(first.allProblems.isEmpty)
        #expect(first.policies.guardedApps == [notes])

        try write("[Policy]\nGuard=true\nGracePeriod=soon\n", files.path(of: .app(notes)))
        try write("[Policy]\nGuard=true\n", files.path(of: .app(mail)))
        let second = loader.load()
        #expect(second.policies.guardedApps == [notes, mail], "the broken file keeps Guard=true; the new one applies")
        #expect(second.policies.effectivePolicy(for: notes).gracePeriod == 30)
        guard case .broken(let error)? = second.problems[.app(notes)] else {
            Issue.record("not reported as broken: \(second.problems)")
            return
        }
        #expect(error.line == 3)
        #expect(error.key == "GracePeriod")

        try FileManager.default.removeItem(atPath: files.path(of: .app(notes)))
        #expect(loader.load().policies.guardedApps == [mail], "a file that goes is dropped")
    }

    @Test func aFileNeverGoodIsLeftOutAndAMisnamedOneIsReported() throws {
        let (files, root) = try PolicyFilesTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("[Policy]\nGuard=maybe\n", files.path(of: .app(notes)))
        try write("[Policy]\nGuard=true\n", files.appsDirectory + "/not an id.conf")
        try write("[Mandatory]\nGuard=org.example.Mail\n", files.adminPolicyPath)
        var loader = PolicyLoader(files: files)
        let loaded = loader.load()
        #expect(loaded.policies.guardedApps == [mail])
        #expect(loaded.problems.keys.contains(.app(notes)))
        #expect(loaded.unscoped == [.misnamed(path: files.appsDirectory + "/not an id.conf")])
        #expect(loaded.allProblems.count == 2)
    }
}
