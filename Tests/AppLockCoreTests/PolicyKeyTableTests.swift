import Foundation
import Testing
@testable import AppLockCore

/// The policy-key table against `Policy` itself and against `data/applock.conf`, the file that documents every key.
@Suite struct PolicyKeyTableTests {
    @Test func everyPolicyFieldHasExactlyOneKey() {
        let fields = Mirror(reflecting: Policy.defaults).children.compactMap(\.label)
        var described: [String] = []
        for key in PolicyKey.all {
            var changed = Policy.defaults
            key.set(Self.anotherValue(than: key.defaultValue, of: key.type), in: &changed)
            described += Self.changedFields(from: .defaults, to: changed)
        }
        #expect(described.sorted() == fields.sorted(), "each key writes one field, and every field has a key")
        #expect(Set(PolicyKey.all.map(\.name)).count == PolicyKey.all.count)
        let mandatoryNames = PolicyKey.all.compactMap(\.mandatory?.name)
        #expect(Set(mandatoryNames).count == mandatoryNames.count)
    }

    @Test func eachDefaultReadsBackThroughTheParser() throws {
        for key in PolicyKey.all {
            let text = "[Policy]\n\(key.name)=\(key.defaultValue.keyFileText)\n"
            guard key.userSettable else {
                #expect(throws: KeyFileError.self, "\(key.name) is the administrator's alone") {
                    try PolicyOverrides.parse(text, fileName: "applock.conf")
                }
                continue
            }
            let overrides = try PolicyOverrides.parse(text, fileName: "applock.conf")
            #expect(overrides.values == [key.name: key.defaultValue])
        }
    }

    /// `data/applock.conf` lists every key a user can set, in the table's order, with its default, and names
    /// every `[Mandatory]` key.
    @Test func theShippedConfigurationDocumentsEveryKeyWithItsDefault() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/applock.conf").standardized
        let text = try String(contentsOf: url, encoding: .utf8)
        let file = try KeyFile.parse(text, fileName: "applock.conf")
        let entries = try #require(file.group(PolicyOverrides.groupName)).entries
        let settable = PolicyKey.all.filter(\.userSettable)
        #expect(entries.map(\.key) == settable.map(\.name))
        for key in settable {
            #expect(entries.first { $0.key == key.name }?.value == key.defaultValue.keyFileText, "\(key.name)")
        }
        #expect(try PolicyOverrides.parse(file).applied(to: .defaults) == .defaults)
        for key in PolicyKey.all {
            guard let mandatory = key.mandatory else { continue }
            #expect(text.contains("# \(mandatory.name)="), "\(mandatory.name) is documented")
        }
    }

    @Test func theAdministratorsValueCombinesAsTheStricter() throws {
        let mandatory = try MandatoryPolicy.parse("""
            [Mandatory]
            MaximumGracePeriod=30
            RequireLockOnLaunch=true
            AllowInhibit=true
            """, fileName: "policy.conf")
        #expect(mandatory.gracePeriod == 30 && mandatory.lockOnLaunch == true && mandatory.allowInhibit == true)
        #expect(PolicyKey.gracePeriod.limit(by: mandatory) == .atMost(30))
        #expect(PolicyKey.lockOnLaunch.limit(by: mandatory) == .fixed(.bool(true)))
        #expect(PolicyKey.allowInhibit.limit(by: mandatory) == nil, "true is not the stricter value")
        #expect(PolicyKey.minimumLength.limit(by: MandatoryPolicy { $0.minimumLength = 8 }) == nil, "a floor")
        #expect(PolicyStrictness.smallerWithZeroAsNever.stricter(.uint32(0), .uint32(600)) == .uint32(600))
        #expect(PolicyStrictness.fewer.stricter(.stringArray(["four-digit"]), .stringArray(["alphanumeric"]))
                == .stringArray(["alphanumeric"]))
    }

    private static func anotherValue(than value: PolicyValue, of type: PolicyValueType) -> PolicyValue {
        let words = type == .screenShareRule ? ScreenShareRule.allCases.map(\.rawValue) : BackgroundRule.allCases.map(\.rawValue)
        return switch value {
        case .bool(let flag): .bool(!flag)
        case .uint32(let number): .uint32(number == 0 ? 1 : number - 1)
        case .uint32Array(let numbers): .uint32Array(numbers + [1])
        case .stringArray(let texts): .stringArray(Array(texts.dropFirst()))
        case .string(let text): .string(words.first { $0 != text } ?? text)
        }
    }

    private static func changedFields(from old: Policy, to new: Policy) -> [String] {
        zip(Mirror(reflecting: old).children, Mirror(reflecting: new).children).compactMap { before, after in
            String(describing: before.value) == String(describing: after.value) ? nil : before.label
        }
    }
}
