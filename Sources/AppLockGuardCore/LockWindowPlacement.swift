/// A rectangle on the screen in pixels (root-window coordinates on X11), a window's frame included.
public struct GuardRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int32
    public var y: Int32
    public var width: Int32
    public var height: Int32

    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }

    /// Whether a window of `size` fits inside.
    public func holds(_ size: LockWindowSize) -> Bool { width >= size.width && height >= size.height }

    /// Whether the two share any pixel.
    public func overlaps(_ other: GuardRect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    /// The smallest rectangle holding both.
    public func union(_ other: GuardRect) -> GuardRect {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return GuardRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// The room the lock window's layouts need, in pixels at normal text size and scale 1: the app's name, the prompt,
/// every keypad key, a notice of two lines and the system-authentication button, without scrolling. The lock window
/// picks its layout by the same sizes, and by what it measures (larger text needs more room).
public struct LockWindowSize: Hashable, Sendable {
    public var width: Int32
    public var height: Int32

    public init(width: Int32, height: Int32) {
        self.width = width
        self.height = height
    }

    /// The full layout: the app's icon, a large title and keypad.
    public static let full = LockWindowSize(width: 360, height: 600)
    /// The compact layout (no icon, smaller title and keys): the least a cover must have to hold the lock window.
    public static let compact = LockWindowSize(width: 320, height: 340)

    /// The room at `factor` times the pixels: the desktop's scale (`GDK_SCALE`) times its text scaling (GNOME's
    /// `text-scaling-factor`); rounded up. Text grows by the factor, the keys less, so this is room to spare.
    public func scaled(by factor: Double) -> LockWindowSize {
        guard factor > 1 else { return self }
        return LockWindowSize(
            width: Int32((Double(width) * factor).rounded(.up)), height: Int32((Double(height) * factor).rounded(.up)))
    }

    /// The layout that fits a window of `width` × `height`: the full one when it fits, else the compact one.
    public static func layout(width: Int32, height: Int32) -> LockWindowSize {
        GuardRect(x: 0, y: 0, width: width, height: height).holds(full) ? full : compact
    }
}

/// Where the lock window of a locked app goes.
public enum LockWindowPlace: Hashable, Sendable {
    /// Inside the cover of this window of the app, filling it.
    case cover(GuardWindowID)
    /// A window of its own, centred over `area` (the app's windows on screen), when no cover can hold it.
    case floating(over: GuardRect)

    /// Whether a lock window at `self` can stay where it is when `other` is wanted: the same cover, or floating
    /// (a floating lock window stays where it came up while the app's windows move).
    func isSameSpot(as other: LockWindowPlace) -> Bool {
        switch (self, other) {
        case (.cover(let a), .cover(let b)): a == b
        case (.floating, .floating): true
        default: false
        }
    }
}

/// Chooses where the lock window goes, so that it is never clipped; pure.
public enum LockWindowPlacement {
    /// The window the user reached for (`reachedFor`: the active window) when its cover holds the compact layout;
    /// else the largest of the app's windows on screen whose cover holds it (ties: the lowest id); else floating
    /// over all of them. A window whose size is not known yet counts as holding it (a desktop that reports no
    /// sizes keeps the lock window where the user reached for). At `scale` (``LockWindowSize/scaled(by:)``) the
    /// compact layout needs that much more room. Without `inCover` (covered windows are minimised, their covers with
    /// them) it floats over the window it would have filled.
    public static func place(
        reachedFor: GuardWindowID, appWindows: [GuardWindowID: GuardRect?], scale: Double = 1, inCover: Bool = true
    ) -> LockWindowPlace {
        let place = coverOrFloating(reachedFor: reachedFor, appWindows: appWindows, scale: scale)
        guard !inCover, case .cover(let window) = place else { return place }
        return .floating(over: appWindows[window].flatMap { $0 } ?? GuardRect(x: 0, y: 0, width: 0, height: 0))
    }

    private static func coverOrFloating(
        reachedFor: GuardWindowID, appWindows: [GuardWindowID: GuardRect?], scale: Double
    ) -> LockWindowPlace {
        let compact = LockWindowSize.compact.scaled(by: scale)
        func fits(_ window: GuardWindowID) -> Bool {
            guard let known = appWindows[window] else { return false }
            return known.map { $0.holds(compact) } ?? true
        }
        if fits(reachedFor) { return .cover(reachedFor) }
        let largest = appWindows.keys.filter(fits).max { a, b in
            let areaA = appWindows[a]!.map { Int64($0.width) * Int64($0.height) } ?? 0
            let areaB = appWindows[b]!.map { Int64($0.width) * Int64($0.height) } ?? 0
            return areaA != areaB ? areaA < areaB : a > b
        }
        if let largest { return .cover(largest) }
        let rects = appWindows.values.compactMap { $0 }
        let area = rects.dropFirst().reduce(rects.first ?? GuardRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        return .floating(over: area)
    }

    /// The floating lock window's frame: the full layout's size when the screen holds it, else the compact one's
    /// (never more than the screen), both at `scale`, centred over `area` and moved inside the screen.
    public static func floatingFrame(over area: GuardRect, screen: GuardRect, scale: Double = 1) -> GuardRect {
        let full = LockWindowSize.full.scaled(by: scale)
        let size = screen.holds(full) ? full : LockWindowSize.compact.scaled(by: scale)
        let width = min(size.width, screen.width), height = min(size.height, screen.height)
        let x = area.x + (area.width - width) / 2, y = area.y + (area.height - height) / 2
        return GuardRect(
            x: min(max(x, screen.x), screen.x + screen.width - width),
            y: min(max(y, screen.y), screen.y + screen.height - height),
            width: width, height: height)
    }
}

/// Where the cover holding the lock window goes in the stacking order, so that no other cover of its app hides a key
/// of it: every cover sits directly above its own window's frame, and the cover holding the lock window also above
/// every other cover of its app that overlaps it (a dialog's, a transient's, a menu's: each stacked above its own
/// window, which the window manager keeps above the window they belong to). Pure.
public enum LockWindowStacking {
    /// Of `appCovers` (the app's other covered windows on screen, with their frames), those whose covers the cover of
    /// the lock window's `host` window (its frame `hostRect`) must sit above: every one that overlaps it. A frame
    /// whose size is not known counts as overlapping (a key hidden is worse than a restack too many).
    public static func coversBelow(host hostRect: GuardRect?, appCovers: [GuardWindowID: GuardRect?]) -> Set<GuardWindowID> {
        Set(appCovers.compactMap { window, rect in
            guard let hostRect, let rect else { return window }
            return hostRect.overlaps(rect) ? window : nil
        })
    }
}
