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
}
