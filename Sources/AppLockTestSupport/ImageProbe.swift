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

    /// The bounding boxes of the connected areas (8-connected) of `image`'s pixels that have `colour` (`#RRGGBB`) and
    /// are at least `minimumArea` pixels large; a shape with holes (a key with its label) is one area.
    public static func areas(in image: URL, colour: String, minimumArea: Int, environment: TestEnvironment) throws
        -> [XSession.Rect]
    {
        let result = environment.run([
            "convert", image.path, "-fill", "black", "+opaque", colour, "-fill", "white", "-opaque", colour,
            "-define", "connected-components:verbose=true", "-define", "connected-components:area-threshold=\(minimumArea)",
            "-connected-components", "8", "null:",
        ])
        guard result.succeeded else { throw TestSupportError("convert failed: \(result.stderr)") }
        return result.stdout.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 5, fields[0].hasSuffix(":"), fields.last.map({ $0.contains("255,255,255") || $0 == "gray(255)" }) == true,
                  let area = Int(fields[3]), area >= minimumArea else { return nil }
            let numbers = fields[1].split { !$0.isNumber }.compactMap { Int($0) }
            guard numbers.count == 4 else { return nil }
            return XSession.Rect(x: numbers[2], y: numbers[3], width: numbers[0], height: numbers[1])
        }
    }

    /// The smallest rectangle holding every pixel of `image` (inside `crop` when given, and below its top
    /// `skippingRows` rows: a panel, say) that has `colour` (`#RRGGBB`), in the image's coordinates, or nil when none
    /// has it.
    public static func boundingBox(
        in image: URL, colour: String, inside crop: XSession.Rect? = nil, skippingRows: Int = 0,
        environment: TestEnvironment
    ) throws -> XSession.Rect? {
        let cropping = crop.map { ["-crop", $0.description, "+repage"] } ?? []
        let skipping = skippingRows > 0 ? ["-draw", "rectangle 0,0 \(Int32.max),\(skippingRows - 1)"] : []
        let result = environment.run(["convert", image.path] + cropping + [
            "-fill", "black", "+opaque", colour, "-fill", "white", "-opaque", colour,
            "-fill", "black"] + skipping + ["-format", "%@", "info:",
        ])
        guard result.succeeded else { throw TestSupportError("convert failed: \(result.stderr)") }
        let numbers = result.stdout.split { !$0.isNumber }.compactMap { Int($0) }
        guard numbers.count == 4, numbers[0] > 1 || numbers[1] > 1 else { return nil }
        return XSession.Rect(
            x: numbers[2] + (crop?.x ?? 0), y: numbers[3] + (crop?.y ?? 0), width: numbers[0], height: numbers[1])
    }
}
