public import Foundation

/// Counts pixels of given colours in a screenshot (imagemagick's histogram), for tests that assert what is on screen.
public enum ImageProbe {
    /// How many pixels of `image` (inside `crop`, a `WxH+X+Y` geometry, when given) have one of `colours`
    /// (`#RRGGBB`, upper case).
    public static func pixelCount(in image: URL, crop: String?, colours: [String], environment: TestEnvironment) throws -> Int {
        let cropping = crop.map { ["-crop", $0, "+repage"] } ?? []
        let result = environment.run(["convert", image.path] + cropping + ["-format", "%c", "histogram:info:-"])
        guard result.succeeded else { throw TestSupportError("convert failed: \(result.stderr)") }
        var count = 0
        for line in result.stdout.split(separator: "\n") where colours.contains(where: { line.contains($0) }) {
            if let colon = line.firstIndex(of: ":"), let n = Int(line[..<colon].drop { $0 == " " }) { count += n }
        }
        return count
    }

    /// The smallest rectangle holding every pixel of `image` below its top `skippingRows` rows (a panel, say) that has
    /// `colour` (`#RRGGBB`), or nil when none has it.
    public static func boundingBox(in image: URL, colour: String, skippingRows: Int = 0,
                                   environment: TestEnvironment) throws -> XSession.Rect? {
        let skipping = skippingRows > 0 ? ["-draw", "rectangle 0,0 \(Int32.max),\(skippingRows - 1)"] : []
        let result = environment.run([
            "convert", image.path, "-fill", "black", "+opaque", colour, "-fill", "white", "-opaque", colour,
            "-fill", "black"] + skipping + ["-format", "%@", "info:",
        ])
        guard result.succeeded else { throw TestSupportError("convert failed: \(result.stderr)") }
        let numbers = result.stdout.split { !$0.isNumber }.compactMap { Int($0) }
        guard numbers.count == 4, numbers[0] > 1 || numbers[1] > 1 else { return nil }
        return XSession.Rect(x: numbers[2], y: numbers[3], width: numbers[0], height: numbers[1])
    }
}
