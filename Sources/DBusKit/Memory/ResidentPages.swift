import CDBus
import Glibc

/// Gives back memory that only start-up needed: the heap's free pages (`malloc_trim`) and the clean pages of
/// read-only file mappings (the program's and its libraries' code and constants that start-up, relocation
/// and the kernel's fault-around brought in). Dropped file pages stay in the page cache; whatever is used
/// again is faulted back in from there. Mappings with private copies (relocated data) are never touched.
public enum ResidentPages {
    /// Releases what it can and returns how many KiB of clean file pages were unmapped.
    @discardableResult
    public static func releaseStartupPages() -> Int {
        malloc_trim(0)
        guard let file = fopen("/proc/self/smaps", "r") else { return 0 }
        defer { fclose(file) }
        var released = 0
        var candidate: (start: UInt, end: UInt)?
        var residentKiB = 0
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            if let mapping = Self.mapping(text) {
                candidate = mapping
                residentKiB = 0
            } else if text.hasPrefix("Rss:") {
                residentKiB = Self.kibValue(text)
            } else if text.hasPrefix("Anonymous:"), let range = candidate {
                candidate = nil
                // No private (copied-on-write) page: every resident page equals the file's.
                guard Self.kibValue(text) == 0, residentKiB > 0,
                      let address = UnsafeMutableRawPointer(bitPattern: range.start),
                      madvise(address, Int(range.end - range.start), MADV_DONTNEED) == 0
                else { continue }
                released += residentKiB
            }
        }
        return released
    }

    /// The address range of a read-only, private, file-backed mapping's header line; nil for any other line.
    private static func mapping(_ line: String) -> (start: UInt, end: UInt)? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 6, fields[0].contains("-"), let permissions = fields.dropFirst().first,
              permissions.count == 4, fields[4] != "0", fields[5].hasPrefix("/")
        else { return nil }
        let flags = Array(permissions.utf8)
        guard flags[0] == UInt8(ascii: "r"), flags[1] == UInt8(ascii: "-"), flags[3] == UInt8(ascii: "p") else {
            return nil
        }
        let bounds = fields[0].split(separator: "-")
        guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16) else {
            return nil
        }
        return (start, end)
    }

    private static func kibValue(_ line: String) -> Int {
        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) } ?? -1
    }
}
