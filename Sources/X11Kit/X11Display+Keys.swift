internal import CX11

/// The modifiers of a key grab, as X11's modifier mask names them.
public struct X11KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let shift = X11KeyModifiers(rawValue: UInt32(ShiftMask))
    public static let control = X11KeyModifiers(rawValue: UInt32(ControlMask))
    /// Alt, on every common keymap.
    public static let mod1 = X11KeyModifiers(rawValue: UInt32(Mod1Mask))
    /// Super (the Windows key), on every common keymap.
    public static let mod4 = X11KeyModifiers(rawValue: UInt32(Mod4Mask))
    /// CapsLock and NumLock (Mod2), which a grab must not depend on.
    static let locks: [UInt32] = [0, UInt32(LockMask), UInt32(Mod2Mask), UInt32(LockMask | Mod2Mask)]
}

/// A key grabbed on the root window: its key code and modifiers.
public struct X11KeyGrab: Hashable, Sendable {
    public let keycode: UInt32
    public let modifiers: X11KeyModifiers

    /// Whether a key press of `keycode` with the modifier `state` is this grab's, whatever CapsLock and NumLock.
    public func matches(keycode: UInt32, state: UInt32) -> Bool {
        keycode == self.keycode && state & ~UInt32(LockMask | Mod2Mask) & 0xff == modifiers.rawValue
    }
}

/// Why a key grab could not be made.
public enum X11KeyGrabError: Error, Equatable, Sendable {
    /// The keymap has no key for that keysym.
    case noSuchKey(String)
    /// Another client (the window manager, a hotkey daemon) grabbed it first.
    case taken
}

nonisolated(unsafe) private var grabRefused = false
/// `X_GrabKey`, the request's major opcode (X11/Xproto.h, which the module does not import).
private let grabKeyRequest: UInt8 = 33

/// Notes a `BadAccess` to `XGrabKey` (another client holds the key); ignores every other protocol error, as the
/// display's own handler does.
private let noteGrabRefusal: XErrorHandler = { _, event in
    if let event, event.pointee.error_code == UInt8(BadAccess), event.pointee.request_code == grabKeyRequest {
        grabRefused = true
    }
    return 0
}

extension X11Display {
    /// Grabs the key of `keysym` (an X keysym name: `l`, `F12`) with `modifiers` on the root window, under every
    /// combination of CapsLock and NumLock, so that it reaches the guard whichever window has the focus; when another
    /// client holds any of them (`BadAccess`), none is kept and the grab throws ``X11KeyGrabError/taken``.
    public func grabKey(keysym name: String, modifiers: X11KeyModifiers) throws(X11KeyGrabError) -> X11KeyGrab {
        let keysym = XStringToKeysym(name)
        let keycode = keysym == UInt(NoSymbol) ? 0 : UInt32(XKeysymToKeycode(display, keysym))
        guard keycode != 0 else { throw .noSuchKey(name) }
        let grab = X11KeyGrab(keycode: keycode, modifiers: modifiers)
        XSync(display, 0)
        grabRefused = false
        let previous = XSetErrorHandler(noteGrabRefusal)
        for locks in X11KeyModifiers.locks {
            XGrabKey(display, Int32(keycode), modifiers.rawValue | locks, Window(root.id), 1, GrabModeAsync, GrabModeAsync)
        }
        XSync(display, 0)
        XSetErrorHandler(previous)
        guard !grabRefused else {
            ungrabKey(grab)
            throw .taken
        }
        return grab
    }

    /// Lets go of a grab made by ``grabKey(keysym:modifiers:)``.
    public func ungrabKey(_ grab: X11KeyGrab) {
        for locks in X11KeyModifiers.locks {
            XUngrabKey(display, Int32(grab.keycode), grab.modifiers.rawValue | locks, Window(root.id))
        }
        XFlush(display)
    }
}
