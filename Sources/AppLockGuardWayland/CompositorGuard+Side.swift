import AppLockGuardCore
import AppLockProtocol
import DBusKit

/// Whether the script inside the compositor answers, followed on the bus and reported to the driver
/// (``CompositorSide`` decides): the compositor's bus name, the script's `Poll` calls, and on GNOME the AppLock
/// extension's state (`GetExtensionInfo`, `ExtensionStateChanged`), on KDE whether KWin still has the script
/// (`isScriptLoaded`, asked every ``scriptCheckInterval``: KWin announces no unloading).
extension CompositorGuard {
    static let scriptCheckInterval = Duration.seconds(1)
    static let extensionReadRetry = Duration.milliseconds(250)
    static let extensionReadAttempts = 40

    var compositorName: String { side.kind == .kwin ? KWinScripting.service : GnomeShellExtensions.busName }

    func followCompositorSide() {
        sideWatches.append(bus.watchNameOwner(compositorName) { [unowned self] _, owner in compositorChanged(owner: owner) })
        if side.kind == .gnomeShell {
            let rule = MatchRule(
                type: .signal, sender: GnomeShellExtensions.busName, path: try? ObjectPath(GnomeShellExtensions.path),
                interface: GnomeShellExtensions.interface, member: "ExtensionStateChanged")
            sideWatches.append(bus.addMatch(rule) { [unowned self] message in
                guard let arguments = try? message.arguments(), arguments.count == 2, let uuid = arguments[0].stringValue,
                      GnomeShellExtensions.appLockUUIDs.contains(uuid) else { return }
                extensionInfoArrived(uuid, arguments[1])
            })
        }
        busCall("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
                [.string(compositorName)]) { [unowned self] reply in
            compositorChanged(owner: reply?.first?.stringValue ?? "")
        }
    }

    /// A `Poll` arrived; one from a Shell whose extension state could not be read yet has it read again.
    func sidePolled(by sender: String) {
        side.polled(by: sender)
        followPollDeadline()
        reportSide()
        if side.kind == .gnomeShell, !side.extensionsKnown, side.compositor == .present(sender),
           !extensionReadPending
        {
            readExtension()
        }
    }

    /// A `Poll` of `sender` was answered: the next is due within ``CompositorSide/pollSilenceBound``.
    func sidePollAnswered(to sender: String) {
        side.pollAnswered(to: sender, now: driver.now())
        followPollDeadline()
    }

    /// Wakes at the side's ``CompositorSide/pollDeadline``. There, a round trip through the bus daemon
    /// (`GetNameOwner` of the compositor) comes first: a `Poll` the script sent before it is delivered before its
    /// answer, so a guard that was itself slow to read its bus never takes a `Poll` waiting in its queue for silence.
    private func followPollDeadline() {
        if let silenceCheck { loop.cancel(silenceCheck) }
        silenceCheck = nil
        guard let deadline = side.pollDeadline else { return }
        silenceCheck = loop.schedule(at: .after(max(.zero, deadline - driver.now()))) { [unowned self] in
            silenceCheck = nil
            busCall("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
                    [.string(compositorName)]) { [unowned self] _ in
                let wasSilent = side.silent
                side.clockReached(driver.now())
                if side.silent != wasSilent { reportSide() }
            }
        }
    }

    private func reportSide() {
        driver.report(side.readiness)
    }

    private func compositorChanged(owner: String) {
        if case .present(let current) = side.compositor, current == owner { return }
        side.compositorChanged(owner: owner)
        followPollDeadline()
        reportSide()
        settleCallsAwaitingCompositor()
        guard !owner.isEmpty else { return }
        switch side.kind {
        case .kwin:
            do {
                try loadScript()
                side.scriptChanged(.loaded)
            } catch {
                side.scriptChanged(.failed("\(error)"))
            }
            reportSide()
            checkScriptLater()
        case .gnomeShell:
            readExtension()
        }
    }

    /// GNOME: the Shell's version and whether extensions are on, then the AppLock extensions' states. A Shell that
    /// has just taken its name exports its extension service a moment later: a failed read is tried again every
    /// ``extensionReadRetry`` (at most ``extensionReadAttempts`` times; a poll from the Shell tries again too).
    private func readExtension(attempt: Int = 1) {
        extensionReadPending = true
        let owner = side.compositor
        busCall(GnomeShellExtensions.busName, GnomeShellExtensions.path, StandardInterfaces.properties, "GetAll",
                [.string(GnomeShellExtensions.interface)]) { [unowned self] reply in
            for (key, value) in reply?.first?.dictionaryValue ?? [] {
                let value = value.variantValue ?? value
                switch key.stringValue {
                case "ShellVersion": side.version = value.stringValue
                case "UserExtensionsEnabled": side.userExtensionsEnabled = value.boolValue ?? true
                default: break
                }
            }
            var unanswered = GnomeShellExtensions.appLockUUIDs.count
            var failed = false
            for uuid in GnomeShellExtensions.appLockUUIDs {
                busCall(GnomeShellExtensions.busName, GnomeShellExtensions.path, GnomeShellExtensions.interface,
                        "GetExtensionInfo", [.string(uuid)]) { [unowned self] reply in
                    unanswered -= 1
                    if let info = reply?.first, side.compositor == owner { extensionInfoArrived(uuid, info) } else { failed = true }
                    guard unanswered == 0 else { return }
                    extensionReadPending = false
                    guard failed, side.compositor == owner, attempt < Self.extensionReadAttempts else { return }
                    extensionReadPending = true
                    _ = loop.schedule(at: .after(Self.extensionReadRetry)) { [unowned self] in
                        extensionReadPending = false
                        if side.compositor == owner, !side.extensionsKnown { readExtension(attempt: attempt + 1) }
                    }
                }
            }
        }
    }

    /// An `a{sv}` of `GetExtensionInfo` or `ExtensionStateChanged`: empty for an extension the Shell does not know.
    private func extensionInfoArrived(_ uuid: String, _ info: DBusValue) {
        var fields: [String: DBusValue] = [:]
        for (key, value) in info.dictionaryValue ?? [] {
            if let name = key.stringValue { fields[name] = value.variantValue ?? value }
        }
        if fields.isEmpty {
            side.extensionChanged(uuid, .missing)
        } else {
            let state = fields["state"].flatMap { $0.doubleValue.map(Int.init) ?? $0.int32Value.map(Int.init) } ?? 0
            side.extensionChanged(uuid, .state(state, error: fields["error"]?.stringValue ?? ""))
        }
        reportSide()
    }

    /// KDE: asks KWin, a while from now, whether it still has the script, as long as it did.
    private func checkScriptLater() {
        if let scriptCheck { loop.cancel(scriptCheck) }
        scriptCheck = nil
        guard side.script == .loaded else { return }
        scriptCheck = loop.schedule(at: .after(Self.scriptCheckInterval)) { [unowned self] in
            scriptCheck = nil
            busCall(KWinScripting.service, KWinScripting.managerPath, KWinScripting.managerInterface, "isScriptLoaded", [.string(Self.scriptName)]) {
                [unowned self] reply in
                if reply?.first?.boolValue == false, side.script == .loaded {
                    side.scriptChanged(.unloaded)
                    reportSide()
                }
                checkScriptLater()
            }
        }
    }

    /// An asynchronous call on the guard's bus; `handle` gets the reply's arguments, nil on an error.
    private func busCall(_ destination: String, _ path: String, _ interface: String, _ member: String,
                         _ arguments: [DBusValue], handle: @escaping ([DBusValue]?) -> Void) {
        guard let message = try? Message.methodCall(
            destination: destination, path: ObjectPath(path), interface: interface, member: member, arguments: arguments)
        else { return handle(nil) }
        bus.call(message, timeout: .seconds(5)) { result in
            handle(try? result.get().arguments())
        }
    }
}
