import AppLockProtocol
import Testing

/// The object paths the protocol states are valid D-Bus object paths, so the one conversion of each end (the agent's
/// and the clients' `managerObjectPath`) cannot fail.
@Suite struct BusNamesTests {
    /// The D-Bus specification's rule: `/`, or `/`-separated non-empty elements of `[A-Za-z0-9_]`.
    static func isObjectPath(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy { element in
            !element.isEmpty && element.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
            }
        }
    }

    @Test func theManagerPathAndEveryAppsPathAreObjectPaths() {
        #expect(Self.isObjectPath(AppLockBusNames.managerPath))
        #expect(AppLockBusNames.applicationPathPrefix.hasPrefix(AppLockBusNames.managerPath + "/"))
        for id in ["org.example.Notes", "org.kde.kate-2", "é.ü"] {
            #expect(Self.isObjectPath(AppLockBusNames.applicationPath(for: id)), "\(id)")
        }
        #expect(!Self.isObjectPath("/trailing/"), "the rule itself refuses what D-Bus refuses")
    }
}
