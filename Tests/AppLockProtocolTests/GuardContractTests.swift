import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

/// The guard's names are spelled once, in ``GuardBusNames``; the files that cannot take them from Swift (the GNOME
/// Shell extension's static JavaScript, the systemd user unit) keep a copy, held equal to the contract here.
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
        let script = try String(
            contentsOf: Self.repository.appendingPathComponent("data/gnome-shell/extensions/applock@applock.github.io/extension.js"),
            encoding: .utf8)
        #expect(Self.constant("GUARD", in: script) == GuardBusNames.busName)
        #expect(Self.constant("PATH", in: script) == GuardBusNames.compositorPath)
        #expect(Self.constant("IFACE", in: script) == GuardBusNames.compositorInterface)
    }

    @Test func theSystemdUnitWaitsForTheContractsBusName() throws {
        let unit = try String(contentsOf: Self.repository.appendingPathComponent("data/applock-guard.service"), encoding: .utf8)
        #expect(unit.split(separator: "\n").contains("BusName=\(GuardBusNames.busName)"))
    }
}
