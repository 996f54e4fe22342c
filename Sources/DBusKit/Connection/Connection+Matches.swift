import CDBus

extension Connection {
    private static let busName = "org.freedesktop.DBus"
    private static let busPath = ObjectPath(unchecked: "/org/freedesktop/DBus")

    static func nameOwnerChangedRule(arg0: String?) -> MatchRule {
        MatchRule(sender: busName, path: busPath, interface: busName, member: "NameOwnerChanged", arg0: arg0)
    }

    /// Adds `rule` on the bus (without blocking in loop mode; blocking until installed in blocking mode) and calls
    /// `handler` for each matching incoming message, in the order matches were added.
    public func addMatch(_ rule: MatchRule, _ handler: @escaping (Message) -> Void) -> MatchToken {
        addMatchEntry(rule, handler: handler)
    }

    /// Blocking mode: adds `rule`; matching signals are queued for ``nextSignal(timeout:)`` and
    /// ``waitForSignal(timeout:where:)``.
    @discardableResult
    public func addMatch(_ rule: MatchRule) -> MatchToken {
        addMatchEntry(rule, handler: nil)
    }

    private func addMatchEntry(_ rule: MatchRule, handler: ((Message) -> Void)?) -> MatchToken {
        let id = nextMatchID
        nextMatchID += 1
        matches[id] = MatchEntry(rule: rule, handler: handler)
        matchIDs.append(id)
        if let sender = rule.sender, !sender.hasPrefix(":"), sender != Self.busName {
            retainOwnerTracking(sender)
        }
        sendBusMatch(rule.description, add: true)
        return MatchToken(id: id)
    }

    /// Removes a subscription (locally and on the bus). Unknown tokens are ignored.
    public func removeMatch(_ token: MatchToken) {
        guard let entry = matches.removeValue(forKey: token.id) else { return }
        matchIDs.removeAll { $0 == token.id }
        sendBusMatch(entry.rule.description, add: false)
        if let sender = entry.rule.sender, !sender.hasPrefix(":"), sender != Self.busName {
            releaseOwnerTracking(sender)
        }
    }

    func sendBusMatch(_ rule: String, add: Bool) {
        guard !isClosed else { return }
        if loop != nil {
            rule.withCString { add ? dbus_bus_add_match(pointer, $0, nil) : dbus_bus_remove_match(pointer, $0, nil) }
        } else {
            _ = CErrorScope.run { cError in
                rule.withCString {
                    add ? dbus_bus_add_match(pointer, $0, cError) : dbus_bus_remove_match(pointer, $0, cError)
                }
            }
        }
    }

    /// Calls `handler(oldOwner, newOwner)` whenever the owner of `name` changes ("" means none).
    public func watchNameOwner(
        _ name: String, _ handler: @escaping (_ oldOwner: String, _ newOwner: String) -> Void
    ) -> MatchToken {
        addMatch(Self.nameOwnerChangedRule(arg0: name)) { message in
            guard let args = try? message.arguments(), args.count == 3,
                  let old = args[1].stringValue, let new = args[2].stringValue
            else { return }
            handler(old, new)
        }
    }

    /// Calls `handler` with the unique name of every connection that leaves the bus
    /// (one NameOwnerChanged subscription shared by all such handlers).
    public func onPeerDisconnected(_ handler: @escaping (String) -> Void) {
        peerLeftHandlers.append(handler)
        guard peerLeftToken == nil else { return }
        peerLeftToken = addMatch(Self.nameOwnerChangedRule(arg0: nil)) { [unowned self] message in
            guard let first = ValueCodec.firstString(of: message.raw), first.pointee == CChar(UInt8(ascii: ":")),
                  let args = try? message.arguments(), args.count == 3,
                  let name = args[0].stringValue, args[2].stringValue == ""
            else { return }
            for handler in self.peerLeftHandlers { handler(name) }
        }
    }

    /// The current owner of `name`, asked from the bus (blocking); nil when it has none.
    public func nameOwner(_ name: String, timeout: Duration = .seconds(25)) throws -> String? {
        do {
            let reply = try call(
                destination: Self.busName, path: Self.busPath, interface: Self.busName, member: "GetNameOwner",
                arguments: [.string(name)], timeout: timeout)
            return reply.first?.stringValue
        } catch let error as DBusError where error.name == DBusError.nameHasNoOwner.name {
            return nil
        }
    }

    private func retainOwnerTracking(_ name: String) {
        let count = (ownerWatchCounts[name] ?? 0) + 1
        ownerWatchCounts[name] = count
        guard count == 1 else { return }
        sendBusMatch(Self.nameOwnerChangedRule(arg0: name).description, add: true)
        guard let message = try? Message.methodCall(
            destination: Self.busName, path: Self.busPath, interface: Self.busName, member: "GetNameOwner",
            arguments: [.string(name)])
        else { return }
        if loop != nil {
            call(message) { [weak self] result in
                guard let self, self.ownerWatchCounts[name] != nil, self.nameOwners[name] == nil else { return }
                switch result {
                case .success(let reply): self.nameOwners[name] = reply.firstStringArgument ?? ""
                case .failure(let error) where error.name == DBusError.nameHasNoOwner.name: self.nameOwners[name] = ""
                case .failure: break
                }
            }
        } else if let owner = try? Optional(nameOwner(name)) {
            nameOwners[name] = owner ?? ""
        }
    }

    private func releaseOwnerTracking(_ name: String) {
        let count = (ownerWatchCounts[name] ?? 1) - 1
        if count > 0 {
            ownerWatchCounts[name] = count
            return
        }
        ownerWatchCounts[name] = nil
        nameOwners[name] = nil
        sendBusMatch(Self.nameOwnerChangedRule(arg0: name).description, add: false)
    }

    func trackOwnerChange(_ message: OpaquePointer) {
        guard !ownerWatchCounts.isEmpty, let first = ValueCodec.firstString(of: message) else { return }
        let name = String(cString: first)
        guard ownerWatchCounts[name] != nil,
              let args = try? ValueCodec.decodeArguments(of: message), args.count == 3,
              let newOwner = args[2].stringValue
        else { return }
        nameOwners[name] = newOwner
    }

    func deliverToMatches(_ raw: OpaquePointer) {
        guard !matchIDs.isEmpty else { return }
        var message: Message?
        for id in matchIDs {
            guard let entry = matches[id] else { continue }
            let owner = entry.rule.sender.flatMap { nameOwners[$0] }
            guard entry.rule.matches(raw, senderOwner: owner) else { continue }
            let wrapped = message ?? Message(retaining: raw)
            message = wrapped
            if let handler = entry.handler {
                handler(wrapped)
            } else if loop == nil {
                signalQueue.append(wrapped)
            }
        }
    }
}
