import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

/// The guard's names are spelled once, in ``GuardBusNames`` and ``GnomeShellExtensions``; the files that cannot take
/// them from Swift (the GNOME Shell extensions' static JavaScript and metadata, the systemd user unit) keep a copy,
/// held equal to the contract here.
@Suite("The guard's names and the files that spell them")
struct GuardContractTests {
    static let repository = IntrospectedInterface.dbusDirectory.deletingLastPathComponent()

    /// The value of `const NAME = '…';` in `text`.
    static func constant(_ name: String, in text: String) -> String? {
        let prefix = "const \(name) = '"
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
              line.hasSuffix("';")
        else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(2))
    }

    @Test func theGnomeExtensionCallsTheGuardByTheContractsNames() throws {
        let script = try String(contentsOf: Self.repository.appendingPathComponent("data/gnome-shell/applock.js"), encoding: .utf8)
        #expect(Self.constant("GUARD", in: script) == GuardBusNames.busName)
        #expect(Self.constant("PATH", in: script) == GuardBusNames.compositorPath)
        #expect(Self.constant("IFACE", in: script) == GuardBusNames.compositorInterface)
    }

    /// Each generation's folder is named by the contract's uuid, its metadata says so and lists the Shell versions
    /// that load its format (GNOME picks by uuid; an extension whose metadata lacks the Shell's version is
    /// OUT_OF_DATE), and its template takes the shared behaviour in.
    @Test(arguments: [(GnomeShellExtensions.appLockUUID, 45...51), (GnomeShellExtensions.appLockGnome43UUID, 43...44)])
    func eachGnomeExtensionIsTheContractsUuidForItsShellVersions(uuid: String, versions: ClosedRange<Int>) throws {
        let folder = Self.repository.appendingPathComponent("data/gnome-shell/extensions/\(uuid)")
        let metadata = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("metadata.json"))) as? [String: Any])
        #expect(metadata["uuid"] as? String == uuid)
        #expect(metadata["shell-version"] as? [String] == versions.map(String.init))
        #expect(metadata["session-modes"] as? [String] == ["user", "unlock-dialog"])
        #expect(versions.allSatisfy { GnomeShellExtensions.appLockUUID(forShellVersion: $0) == uuid })
        let template = try String(contentsOf: folder.appendingPathComponent("extension.js.in"), encoding: .utf8)
        #expect(template.split(separator: "\n").filter { $0 == "// @APPLOCK_BEHAVIOUR@" }.count == 1)
        let isModule = versions.lowerBound >= GnomeShellExtensions.firstModuleVersion
        #expect(template.contains("export default class AppLockExtension extends Extension") == isModule)
        #expect(template.contains("imports.gi") == !isModule)
    }

    /// The KWin script package (`data/kwin/applock`): a KPackage KWin script whose id is the contract's, each of its
    /// scripts beginning with the contract's compatibility lines, the main one calling the guard by the contract's
    /// names.
    @Test func theKWinScriptIsAPackageThatCallsTheGuardByTheContractsNames() throws {
        let package = Self.repository.appendingPathComponent("data/kwin/\(KWinScripting.appLockPackage)")
        let metadata = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: package.appendingPathComponent("metadata.json"))) as? [String: Any])
        let plugin = try #require(metadata["KPlugin"] as? [String: Any])
        #expect(plugin["Id"] as? String == KWinScripting.appLockPackage)
        #expect(plugin["EnabledByDefault"] as? Bool == false)
        #expect(metadata["KPackageStructure"] as? String == "KWin/Script")
        #expect(metadata["X-Plasma-API"] as? String == "javascript")
        #expect(metadata["X-Plasma-MainScript"] as? String == "code/main.js")
        let compatibility = try KWinScriptPackage.compatibility()
        #expect(compatibility.hasPrefix("const kwinPlasma6 = typeof workspace.windowList === \"function\";"))
        #expect(try KWinScriptPackage.code(of: "restore.js").hasPrefix(compatibility), "restore.js begins with main.js's compatibility lines")
        let main = try String(contentsOf: package.appendingPathComponent("contents/code/main.js"), encoding: .utf8)
        #expect(main.contains("""
            const G = "\(GuardBusNames.busName)", P = "\(GuardBusNames.compositorPath)", I = "\(GuardBusNames.compositorInterface)";
            """))
    }

    @Test func theSystemdUnitWaitsForTheContractsBusName() throws {
        let unit = try String(contentsOf: Self.repository.appendingPathComponent("data/applock-guard.service"), encoding: .utf8)
        #expect(unit.split(separator: "\n").contains("BusName=\(GuardBusNames.busName)"))
    }
}
