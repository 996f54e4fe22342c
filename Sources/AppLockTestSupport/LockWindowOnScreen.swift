public import Foundation

/// What a screenshot shows of the lock window: its area (the largest area of its background colour), the keypad keys
/// drawn whole inside it (round areas of the key colour), and the prompt (the dimmed text above the keys: its bounds
/// and pixel count), in the colours of whichever libadwaita drew it (``Palette``).
public struct LockWindowOnScreen: Sendable, CustomStringConvertible {
    /// The colours of the lock window's background, a keypad key and the dimmed prompt text, as one libadwaita
    /// generation draws them in its light style.
    public struct Palette: Sendable {
        public var background: String
        public var key: String
        public var prompt: String

        /// libadwaita 1.2 to 1.5 (Debian 12).
        public static let neutral = Palette(background: "#FAFAFA", key: "#E6E6E6", prompt: "#8C8C8C")
        /// libadwaita 1.6 and later (Debian 13: 1.7; testing: 1.8), whose greys lean blue, read off their screenshots.
        public static let blueTinted = Palette(background: "#FAFAFB", key: "#E6E6E7", prompt: "#8C8C8F")
        public static let all = [neutral, blueTinted]
    }

    /// Where its background is, nil when it is not on screen.
    public var area: XSession.Rect?
    /// The keypad keys drawn whole inside it.
    public var keys: [XSession.Rect]
    /// Where the prompt's text is, above the keys.
    public var prompt: XSession.Rect?
    public var promptPixels: Int

    /// Reads the PNG `shot` (taken with the pointer off the keys: a key under it is coloured otherwise), in the
    /// palette whose background covers the largest area of it.
    public init(reading shot: URL, environment: TestEnvironment) throws {
        var found: (area: XSession.Rect, palette: Palette)?
        for palette in Palette.all {
            let backgrounds = try ImageProbe.areas(
                in: shot, colour: palette.background, minimumArea: 20000, environment: environment)
            guard let largest = backgrounds.max(by: { $0.width * $0.height < $1.width * $1.height }) else { continue }
            if found.map({ $0.area.width * $0.area.height < largest.width * largest.height }) ?? true {
                found = (largest, palette)
            }
        }
        guard let (area, palette) = found else {
            (self.area, keys, prompt, promptPixels) = (nil, [], nil, 0)
            return
        }
        self.area = area
        keys = try ImageProbe.areas(in: shot, colour: palette.key, minimumArea: 600, environment: environment)
            .filter { abs($0.width - $0.height) <= 3 && $0.width >= 30 && area.holds($0) }
        // The prompt is the dimmed text above the keys (the keys' labels have a few pixels of that colour too).
        let abovePad = XSession.Rect(
            x: area.x, y: area.y, width: area.width, height: (keys.map(\.y).min() ?? area.y + area.height) - area.y)
        prompt = try ImageProbe.boundingBox(in: shot, colour: palette.prompt, inside: abovePad, environment: environment)
        promptPixels = try ImageProbe.pixelCount(
            in: shot, crop: abovePad.description, colours: [palette.prompt], environment: environment)
    }

    /// Every digit key (ten) whole, and the prompt whole above them inside the lock window.
    public var showsEveryKeyAndThePrompt: Bool {
        showsEveryKeyAndThePrompt(minimumPromptPixels: 100)
    }

    /// Every digit key (ten) whole, and the prompt whole above them inside the lock window, drawn with more than
    /// `minimumPromptPixels` pixels of exactly its colour: a short prompt, or one of Chinese or Japanese characters
    /// (anti-aliased strokes, few pixels of the exact colour), has fewer than a long one in Latin letters.
    public func showsEveryKeyAndThePrompt(minimumPromptPixels: Int) -> Bool {
        guard let area, let prompt, keys.count == 10, let top = keys.map(\.y).min() else { return false }
        return promptPixels > minimumPromptPixels && area.holds(prompt) && prompt.y + prompt.height < top
    }

    /// The digit keys by their digit, read from the keypad's layout (rows 1 2 3, 4 5 6, 7 8 9, then the 0, top to
    /// bottom, each left to right, as in every language); empty unless all ten are whole on screen.
    public var digitKeys: [Character: XSession.Rect] {
        guard keys.count == 10 else { return [:] }
        let tolerance = (keys.map(\.height).min() ?? 0) / 2
        var rows: [[XSession.Rect]] = []
        for key in keys.sorted(by: { $0.y < $1.y }) {
            if let last = rows.last?.first, abs(last.y - key.y) <= tolerance {
                rows[rows.count - 1].append(key)
            } else {
                rows.append([key])
            }
        }
        guard rows.map(\.count) == [3, 3, 3, 1] else { return [:] }
        return Dictionary(uniqueKeysWithValues: zip("1234567890", rows.flatMap { $0.sorted { $0.x < $1.x } }))
    }

    public var description: String {
        "lock window \(area.map(\.description) ?? "none"), \(keys.count) keys \(keys), prompt \(prompt.map(\.description) ?? "none") (\(promptPixels) pixels)"
    }
}

extension XSession.Rect {
    /// Whether `other` lies inside, off its edges (a key cut by an edge is not whole).
    public func holds(_ other: XSession.Rect) -> Bool {
        other.x > x && other.y > y && other.x + other.width < x + width && other.y + other.height < y + height
    }
}
