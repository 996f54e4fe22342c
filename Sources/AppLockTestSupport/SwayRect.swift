/// A rectangle as sway's IPC reports one (`x`, `y`, `width`, `height`).
public struct SwayRect: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    init?(_ json: Any?) {
        guard let json = json as? [String: Any], let x = json["x"] as? Int, let y = json["y"] as? Int,
              let width = json["width"] as? Int, let height = json["height"] as? Int else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }

    /// Whether `other` lies wholly inside this rectangle.
    public func contains(_ other: SwayRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// How far the centre of `other` is from this rectangle's centre, in pixels on each axis.
    public func centreOffset(of other: SwayRect) -> (x: Int, y: Int) {
        (abs(2 * other.x + other.width - 2 * x - width) / 2, abs(2 * other.y + other.height - 2 * y - height) / 2)
    }
}
