import AppLockCore
import AppLockProtocol
import DBusKit

/// KDE Plasma: the shortcut that locks every app, registered with KWin's global shortcuts (``KGlobalAccelShortcut``).
extension CompositorGuard {
    /// Registers `shortcut` as the default keys of AppLock's "Lock All Now" (the keys the user chose in Plasma's
    /// Shortcuts settings are kept while AppLock's own setting is the default) and follows its presses; keys another
    /// action holds already are said plainly, in the log and on the bus.
    func bindWithKGlobalAccel(_ shortcut: KeyboardShortcut?) {
        if shortcutPresses == nil {
            let rule = MatchRule(type: .signal, sender: KGlobalAccelShortcut.service,
                                 interface: KGlobalAccelShortcut.componentInterface, member: "globalShortcutPressed")
            shortcutPresses = bus.addMatch(rule) { [unowned self] message in
                let arguments = (try? message.arguments()) ?? []
                guard arguments.count >= 2, arguments[0].stringValue == KGlobalAccelShortcut.component,
                      arguments[1].stringValue == KGlobalAccelShortcut.action else { return }
                driver.lockAllByShortcut()
            }
        }
        let keys: [Int32]
        if let shortcut {
            guard let code = KGlobalAccelShortcut.qtKeyCode(shortcut) else {
                driver.log("\(shortcut) does not lock every app: KDE's shortcuts take no key \(shortcut.key) from AppLock")
                return driver.lockAllShortcutBound(shortcut, problem: .noSuchKey)
            }
            keys = [code]
        } else {
            keys = []
        }
        let autoload = shortcut == .lockAllDefault
        kglobalaccel("doRegister", [.stringArray(KGlobalAccelShortcut.actionID)]) { [unowned self] _ in
            setShortcut(keys, flags: KGlobalAccelShortcut.isDefault) { [unowned self] _ in
                let flags = KGlobalAccelShortcut.setPresent | (autoload ? 0 : KGlobalAccelShortcut.noAutoloading)
                setShortcut(keys, flags: flags) { [unowned self] reply in
                    guard let shortcut else { return driver.lockAllShortcutBound(nil, problem: nil) }
                    let active = reply?.first?.arrayValue?.compactMap(\.int32Value).filter { $0 != 0 }
                    switch active {
                    case nil:
                        driver.log("\(shortcut) does not lock every app: KDE's global shortcuts (org.kde.kglobalaccel) did not answer")
                        driver.lockAllShortcutBound(shortcut, problem: .taken)
                    case let active? where active.isEmpty:
                        driver.log("\(shortcut) does not lock every app: KDE's global shortcuts took no keys for it (another action may hold them); choose others in Plasma's Shortcuts settings or AppLock Settings")
                        driver.lockAllShortcutBound(shortcut, problem: .taken)
                    default:
                        driver.log("KDE's shortcut \"AppLock: Lock All Now\" (\(shortcut) unless changed in Plasma's Shortcuts settings) locks every protected app")
                        driver.lockAllShortcutBound(shortcut, problem: nil)
                    }
                }
            }
        }
    }

    private func setShortcut(_ keys: [Int32], flags: UInt32, _ handle: @escaping ([DBusValue]?) -> Void) {
        kglobalaccel("setShortcut", [
            .stringArray(KGlobalAccelShortcut.actionID),
            .array(element: try! Signature("i"), keys.map { .int32($0) }),
            .uint32(flags),
        ], handle)
    }

    private func kglobalaccel(_ member: String, _ arguments: [DBusValue], _ handle: @escaping ([DBusValue]?) -> Void) {
        guard let message = try? Message.methodCall(
            destination: KGlobalAccelShortcut.service, path: ObjectPath(KGlobalAccelShortcut.path),
            interface: KGlobalAccelShortcut.interface, member: member, arguments: arguments)
        else { return handle(nil) }
        bus.call(message, timeout: .seconds(5)) { result in handle(try? result.get().arguments()) }
    }
}
