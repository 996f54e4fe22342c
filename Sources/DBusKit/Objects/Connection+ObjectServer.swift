import CDBus

extension Connection {
    private static let sigS = Signature(unchecked: "s")
    private static let sigO = Signature(unchecked: "o")
    private static let sigSV = Signature(unchecked: "a{sv}")
    private static let sigSSV = Signature(unchecked: "a{sa{sv}}")

    // MARK: Exporting

    /// Exports `object` at `path` (replacing any object there). Below an object manager this emits InterfacesAdded.
    public func export(_ object: any ExportedObject, at path: ObjectPath) {
        objects[path.rawValue] = object
        if let manager = managerPath(above: path.rawValue) {
            emitSignal(
                path: ObjectPath(unchecked: manager), interface: StandardInterfaces.objectManager,
                member: "InterfacesAdded", arguments: [.objectPath(path), interfacesAndProperties(object)])
        }
    }

    /// Removes the object at `path`. Below an object manager this emits InterfacesRemoved.
    public func unexport(_ path: ObjectPath) {
        guard let object = objects.removeValue(forKey: path.rawValue) else { return }
        if let manager = managerPath(above: path.rawValue) {
            emitSignal(
                path: ObjectPath(unchecked: manager), interface: StandardInterfaces.objectManager,
                member: "InterfacesRemoved",
                arguments: [.objectPath(path), .stringArray(object.interfaces.map(\.name))])
        }
    }

    /// The object exported at `path`, if any.
    public func exportedObject(at path: ObjectPath) -> (any ExportedObject)? {
        objects[path.rawValue]
    }

    /// Makes `path` answer org.freedesktop.DBus.ObjectManager for the objects exported below it.
    public func enableObjectManager(at path: ObjectPath) {
        objectManagerPaths.insert(path.rawValue)
    }

    private static func isStrictAncestor(_ ancestor: String, of path: String) -> Bool {
        if ancestor == "/" { return path != "/" }
        return path.hasPrefix(ancestor) && path.utf8.count > ancestor.utf8.count
            && path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: ancestor.utf8.count)] == UInt8(ascii: "/")
    }

    private func managerPath(above path: String) -> String? {
        var best: String?
        for manager in objectManagerPaths where Self.isStrictAncestor(manager, of: path) {
            if best == nil || manager.utf8.count > best!.utf8.count { best = manager }
        }
        return best
    }

    private func interfacesAndProperties(_ object: any ExportedObject) -> DBusValue {
        .dictionary(
            key: Self.sigS, value: Self.sigSV,
            object.interfaces.map {
                DictionaryEntry(key: .string($0.name), value: .stringVariantDictionary($0.properties()))
            })
    }

    private func childNames(of path: String) -> [String] {
        var names = Set<String>()
        let prefix = path == "/" ? "/" : path + "/"
        func consider(_ candidate: String) {
            guard candidate.hasPrefix(prefix), candidate.utf8.count > prefix.utf8.count else { return }
            let rest = candidate.dropFirst(prefix.count)
            names.insert(String(rest.prefix { $0 != "/" }))
        }
        for key in objects.keys { consider(key) }
        for key in objectManagerPaths { consider(key) }
        return names.sorted()
    }

    private func hasDescendants(_ path: String) -> Bool {
        objects.keys.contains { Self.isStrictAncestor(path, of: $0) }
            || objectManagerPaths.contains { Self.isStrictAncestor(path, of: $0) }
    }

    /// The Introspect answer for `path`.
    func introspectionXML(for path: String) -> String {
        var xml = StandardInterfaces.header
        // The freedesktop documentation namespace, so that interfaces documented with <doc:doc> stay well-formed XML.
        xml += "<node xmlns:doc=\"http://www.freedesktop.org/dbus/1.0/doc.dtd\">\n"
        xml += StandardInterfaces.introspectableXML
        xml += StandardInterfaces.propertiesXML
        xml += StandardInterfaces.peerXML
        if objectManagerPaths.contains(path) { xml += StandardInterfaces.objectManagerXML }
        if let object = objects[path] {
            for interface in object.interfaces {
                xml += interface.xml
                if !interface.xml.hasSuffix("\n") { xml += "\n" }
            }
        }
        for child in childNames(of: path) {
            xml += "  <node name=\"\(child)\"/>\n"
        }
        xml += "</node>\n"
        return xml
    }

    // MARK: Dispatching calls

    private func respond(_ message: Message, _ values: [DBusValue]) {
        respond(message) { try message.makeReply(values) }
    }

    /// Sends the reply `build` makes, unless the caller asked for none; a reply that cannot be encoded is
    /// answered with `Failed`.
    private func respond(_ message: Message, building build: () throws -> Message) {
        guard !message.noReplyExpected else { return }
        do {
            send(try build())
        } catch {
            respond(message, .failed("cannot encode reply: \(error)"))
        }
    }

    private func respond(_ message: Message, _ error: DBusError) {
        guard !message.noReplyExpected, let reply = message.makeErrorReply(error) else { return }
        send(reply)
    }

    func handleMethodCall(_ raw: OpaquePointer) {
        let message = Message(retaining: raw)
        guard let pathPointer = dbus_message_get_path(raw), let memberPointer = dbus_message_get_member(raw) else {
            respond(message, .unknownMethod("Method call without path or member"))
            return
        }
        let path = String(cString: pathPointer)
        let member = String(cString: memberPointer)
        let interface = dbus_message_get_interface(raw).map { String(cString: $0) }
        let object = objects[path]

        guard object != nil || objectManagerPaths.contains(path) || hasDescendants(path) else {
            respond(message, .unknownObject("No such object path '\(path)'"))
            return
        }

        // A standard interface (Properties above all: the busiest calls) is answered by the connection itself.
        if let object, !(interface.map(Self.isStandard) ?? false) {
            if let interface {
                if let exported = object.interfaces.first(where: { $0.name == interface }) {
                    guard let handler = exported.methods[member] else {
                        respond(
                            message,
                            .unknownMethod(
                                "No such method '\(member)' in interface '\(interface)' at object path '\(path)'"
                                    + " (signature '\(message.signature)')"))
                        return
                    }
                    invoke(handler, of: exported, message: message, path: path, interface: interface, member: member)
                    return
                }
            } else {
                for exported in object.interfaces {
                    if let handler = exported.methods[member] {
                        invoke(handler, of: exported, message: message, path: path, interface: nil, member: member)
                        return
                    }
                }
            }
        }

        switch (interface, member) {
        case (StandardInterfaces.introspectable, "Introspect"), (nil, "Introspect"):
            respond(message, [.string(introspectionXML(for: path))])
        case (StandardInterfaces.peer, "Ping"), (nil, "Ping"):
            respond(message, [])
        case (StandardInterfaces.peer, "GetMachineId"), (nil, "GetMachineId"):
            if let id = dbus_get_local_machine_id() {
                let text = String(cString: id)
                dbus_free(id)
                respond(message, [.string(text)])
            } else {
                respond(message, .failed("Cannot read the machine id"))
            }
        case (StandardInterfaces.properties, "Get"), (nil, "Get"):
            handleGet(message, object: object)
        case (StandardInterfaces.properties, "GetAll"), (nil, "GetAll"):
            handleGetAll(message, object: object)
        case (StandardInterfaces.properties, "Set"), (nil, "Set"):
            handleSet(message, object: object)
        case (StandardInterfaces.objectManager, "GetManagedObjects") where objectManagerPaths.contains(path),
            (nil, "GetManagedObjects") where objectManagerPaths.contains(path):
            respond(message, [managedObjects(below: path)])
        default:
            if let interface, !Self.isStandard(interface) || interface == StandardInterfaces.objectManager
                && !objectManagerPaths.contains(path)
            {
                respond(message, .unknownInterface("No such interface '\(interface)' at object path '\(path)'"))
            } else {
                respond(
                    message,
                    .unknownMethod(
                        "No such method '\(member)' at object path '\(path)' (signature '\(message.signature)')"))
            }
        }
    }

    private static func isStandard(_ interface: String) -> Bool {
        interface == StandardInterfaces.introspectable || interface == StandardInterfaces.properties
            || interface == StandardInterfaces.peer || interface == StandardInterfaces.objectManager
    }

    private func invoke(
        _ handler: MethodHandler, of exported: ExportedInterface, message: Message, path: String, interface: String?,
        member: String
    ) {
        if let expected = exported.signatures[member], expected != message.signature {
            respond(message, .invalidArgs("expected (\(expected)), got (\(message.signature))"))
            return
        }
        let arguments: [DBusValue]
        do {
            arguments = try message.arguments()
        } catch {
            respond(message, .invalidArgs("Cannot decode arguments: \(error)"))
            return
        }
        let invocation = MethodInvocation(
            message: message, path: ObjectPath(unchecked: path), interface: interface, member: member,
            arguments: arguments, connection: raw)
        handler(invocation)
    }

    private func findInterface(
        _ message: Message, _ name: String, in object: (any ExportedObject)?
    ) -> ExportedInterface? {
        if let found = object?.interfaces.first(where: { $0.name == name }) { return found }
        respond(message, .unknownInterface("No such interface '\(name)'"))
        return nil
    }

    /// The interface and property names of a `Get` or `Set` (read without decoding the rest of the body), or nil
    /// after answering the error: wrong signature or a standard interface (which has no properties).
    private func propertyNames(_ message: Message, signature: String) -> (interface: String, name: String)? {
        guard dbus_message_has_signature(message.raw, signature) != 0,
              let names = ValueCodec.leadingStrings(of: message.raw, count: 2) else {
            respond(message, .invalidArgs("expected (\(signature)), got (\(message.signature))"))
            return nil
        }
        if Self.isStandard(names[0]) {
            respond(message, .unknownProperty("No such property '\(names[1])'"))
            return nil
        }
        return (names[0], names[1])
    }

    private func handleGet(_ message: Message, object: (any ExportedObject)?) {
        guard let (interfaceName, name) = propertyNames(message, signature: "ss") else { return }
        switch object?.propertyValue(name, interface: interfaceName) ?? .noSuchInterface {
        case .value(let value):
            respond(message) { try message.makeReply(variant: value) }
        case .noSuchProperty:
            respond(message, .unknownProperty("No such property '\(name)'"))
        case .noSuchInterface:
            respond(message, .unknownInterface("No such interface '\(interfaceName)'"))
        }
    }

    private func handleGetAll(_ message: Message, object: (any ExportedObject)?) {
        guard message.signature == "s", let interfaceName = message.firstStringArgument else {
            respond(message, .invalidArgs("expected (s), got (\(message.signature))"))
            return
        }
        if Self.isStandard(interfaceName) {
            respond(message, [.stringVariantDictionary([])])
            return
        }
        guard let interface = findInterface(message, interfaceName, in: object) else { return }
        respond(message, [.stringVariantDictionary(interface.properties())])
    }

    private func handleSet(_ message: Message, object: (any ExportedObject)?) {
        // The value is decoded only for an interface that takes it: a refused Set never decodes a huge variant.
        guard let (interfaceName, name) = propertyNames(message, signature: "ssv"),
              let interface = findInterface(message, interfaceName, in: object) else { return }
        let exists = interface.value(of: name) != nil
        if let setProperty = interface.setProperty {
            guard let args = try? message.arguments(), args.count == 3, let value = args[2].variantValue else {
                respond(message, .invalidArgs("cannot decode the value"))
                return
            }
            if let error = setProperty(name, value) {
                respond(message, error)
            } else {
                respond(message, [])
            }
        } else if exists {
            respond(message, .propertyReadOnly("Property '\(name)' is read-only"))
        } else {
            respond(message, .unknownProperty("No such property '\(name)'"))
        }
    }

    private func managedObjects(below path: String) -> DBusValue {
        let entries = objects.keys.filter { Self.isStrictAncestor(path, of: $0) }.sorted().map { key in
            DictionaryEntry(key: .objectPath(ObjectPath(unchecked: key)), value: interfacesAndProperties(objects[key]!))
        }
        return .dictionary(key: Self.sigO, value: Self.sigSSV, entries)
    }
}
