import AppLockCore

/// The shortcut that locks every app as KDE's global shortcuts daemon (`org.kde.kglobalaccel`, run inside KWin from
/// Plasma 6) knows it: the action `lock-all` of the component `applock`, listed as "AppLock" → "Lock All Now" in
/// Plasma's Shortcuts settings, where the user may change it. Its keys are Qt's key codes (a modifier mask added to
/// the key's code, as `QKeySequence` stores them).
enum KGlobalAccelShortcut {
    static let service = "org.kde.kglobalaccel"
    static let path = "/kglobalaccel"
    static let interface = "org.kde.KGlobalAccel"
    static let componentInterface = "org.kde.kglobalaccel.Component"
    static let component = "applock"
    static let action = "lock-all"
    /// The daemon's action id: component, action, and the names Plasma's settings show for them.
    static let actionID = [component, action, "AppLock", "Lock All Now"]
    /// `setShortcut` flags: the keys are the action's default; the action is present (its keys are in use); the keys
    /// are taken as given rather than those the user chose before.
    static let isDefault: UInt32 = 1, setPresent: UInt32 = 2, noAutoloading: UInt32 = 4

    /// `shortcut` as a Qt key code; nil for a key Qt's code is not known here for (letters, digits and F1–F35 are).
    static func qtKeyCode(_ shortcut: KeyboardShortcut) -> Int32? {
        let key: Int32
        let name = shortcut.key
        if name.count == 1, let scalar = name.uppercased().unicodeScalars.first,
           ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) {
            key = Int32(scalar.value)
        } else if name.hasPrefix("F"), let number = Int32(name.dropFirst()), (1...35).contains(number) {
            key = 0x0100_0030 + number - 1
        } else {
            return nil
        }
        return shortcut.modifiers.reduce(key) { code, modifier in
            let mask: Int32 = switch modifier {
            case .shift: 0x0200_0000
            case .control: 0x0400_0000
            case .alt: 0x0800_0000
            case .superKey: 0x1000_0000
            }
            return code | mask
        }
    }
}
