/// The line the guard writes to a lock window started ahead (`--standby`) when the user reaches for its app:
/// `show XID` for one that goes into a cover, `show` for a toplevel.
enum StandbyCommand: Equatable {
    case showInside(UInt)
    case showToplevel

    /// Reads `line` for a lock window waiting to be shown at `place`; nil when it is not that command.
    init?(_ line: String, place: LaunchOptions.StandbyPlace) {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        guard words.first == "show" else { return nil }
        switch (place, words.count) {
        case (.cover, 2):
            guard let id = LaunchOptions.windowID(String(words[1])), id != 0 else { return nil }
            self = .showInside(id)
        case (.toplevel, 1):
            self = .showToplevel
        default:
            return nil
        }
    }
}
