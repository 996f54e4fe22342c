import Foundation

/// The figures one test contributes to the summary `make test` prints at the end: an area (`fuzz`, `faults`,
/// `restarts`, `load`), its counts, what was lost and what was wrongly unlocked.
///
/// Each record is printed at once and appended to `$HOSTILE_SUMMARY` (one tab-separated line) when that is set;
/// the Makefile adds the lines up per area after the test run.
enum Tally {
    private static let lock = NSLock()

    static func record(area: String, count: Int, second: Int = 0, lost: Int, wronglyUnlocked: Int, detail: String) {
        let line = "hostile\t\(area)\t\(count)\t\(second)\t\(lost)\t\(wronglyUnlocked)\n"
        print("[hostile] \(area): \(detail), \(lost) lost, \(wronglyUnlocked) wrongly unlocked")
        guard let path = ProcessInfo.processInfo.environment["HOSTILE_SUMMARY"], !path.isEmpty else { return }
        lock.withLock {
            if !FileManager.default.fileExists(atPath: path) {
                _ = FileManager.default.createFile(atPath: path, contents: nil)
            }
            if let handle = FileHandle(forWritingAtPath: path) {
                handle.seekToEndOfFile()
                handle.write(Data(line.utf8))
                try? handle.close()
            }
        }
    }
}
