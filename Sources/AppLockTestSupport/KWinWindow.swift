/// One window KWin manages, as a KWin script reports it to a test: its class (a Wayland app id or X11 class), pid,
/// frame on the screen, whether it is kept above, active (has the keyboard) or minimised, and whether it is an X11
/// window (Xwayland's) rather than a native Wayland one; `excludedFromCapture` is KWin 6.5's `excludeFromCapture`
/// (nil before 6.5).
public struct KWinWindow: Sendable, Decodable, Equatable {
    public var resourceClass: String
    public var pid: Int32
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var keepAbove: Bool
    public var active: Bool
    public var minimized: Bool
    public var x11: Bool
    public var excludedFromCapture: Bool?

    /// Whether it is a native Wayland window (not one of Xwayland's).
    public var isNativeWayland: Bool { !x11 }

    /// How far the frame's centre is from the centre of a `width`×`height` screen, in pixels on each axis.
    public func offCentre(screenWidth: Int, screenHeight: Int) -> (x: Double, y: Double) {
        (abs(x + width / 2 - Double(screenWidth) / 2), abs(y + height / 2 - Double(screenHeight) / 2))
    }

    /// Whether the whole frame lies on a `width`×`height` screen.
    public func isInside(screenWidth: Int, screenHeight: Int) -> Bool {
        x >= 0 && y >= 0 && x + width <= Double(screenWidth) && y + height <= Double(screenHeight)
    }
}
