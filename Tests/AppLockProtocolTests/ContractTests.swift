import AppLockProtocol
import AppLockTestSupport
import Testing

/// The Swift contract and the shipped `dbus/*.xml`, read as XML, declare the same interfaces: every method with its
/// arguments and errors, every signal, every property — no more on either side.
@Suite("Contract and dbus/*.xml")
struct ContractTests {
    /// The contract, in the shape an XML reading gives.
    static func expected(_ contract: InterfaceContract) -> IntrospectedInterface {
        var interface = IntrospectedInterface(name: contract.name)
        for (name, method) in contract.methods {
            interface.methods[name] = IntrospectedInterface.Method(
                arguments: method.inputs.map { .init(name: $0.name, type: $0.type, direction: "in") }
                    + method.outputs.map { .init(name: $0.name, type: $0.type, direction: "out") },
                errors: Set(method.errors.map(\.dbusName))
            )
        }
        for (name, arguments) in contract.signals {
            interface.signals[name] = arguments.map { .init(name: $0.name, type: $0.type, direction: "out") }
        }
        for (name, property) in contract.properties {
            interface.properties[name] = IntrospectedInterface.Property(
                type: property.type, access: "read",
                emitsChangedSignal: property.changeSignal == .value ? nil : property.changeSignal.rawValue)
        }
        return interface
    }

    static let shipped = Result { try IntrospectedInterface.readShippedFiles() }

    @Test("dbus/ holds exactly the contract's interfaces")
    func sameInterfaces() throws {
        let files = try Self.shipped.get()
        #expect(Set(files.keys) == Set(InterfaceContract.all.map(\.name)))
    }

    @Test("each interface declares the contract's members", arguments: InterfaceContract.all.map(\.name))
    func sameMembers(_ name: String) throws {
        let contract = try #require(InterfaceContract.all.first { $0.name == name })
        let files = try Self.shipped.get()
        let file = try #require(files[contract.name], "dbus/ has no \(contract.name)")
        let code = Self.expected(contract)
        #expect(Set(file.methods.keys) == Set(code.methods.keys), "methods: XML only \(Set(file.methods.keys).subtracting(code.methods.keys).sorted()), code only \(Set(code.methods.keys).subtracting(file.methods.keys).sorted())")
        for (name, method) in code.methods {
            guard let declared = file.methods[name] else { continue }
            #expect(declared.arguments == method.arguments, "\(name)'s arguments")
            #expect(declared.errors == method.errors, "\(name)'s errors: XML only \(declared.errors.subtracting(method.errors).sorted()), code only \(method.errors.subtracting(declared.errors).sorted())")
        }
        #expect(file.signals == code.signals, "signals")
        // The XML states "true" explicitly on some properties; it is the default, so only other values are compared.
        let fileProperties = file.properties.mapValues { property in
            var property = property
            if property.emitsChangedSignal == "true" { property.emitsChangedSignal = nil }
            return property
        }
        #expect(fileProperties == code.properties, "properties")
    }

    @Test("every error of the contract is returned by some method, and named by its D-Bus name")
    func everyErrorIsListed() {
        let listed = Set(ManagerMethod.allCases.flatMap(\.contract.errors))
        #expect(listed == Set(AgentError.allCases))
        for error in AgentError.allCases {
            #expect(AgentError(dbusName: "io.github.applock.AppLock1.Error.\(error.rawValue)") == error)
        }
    }
}
