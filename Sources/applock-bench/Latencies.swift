import Histogram

/// A latency histogram in nanoseconds (HdrHistogram, 3 significant digits, up to 100 s).
struct Latencies {
    private(set) var histogram = Histogram<UInt64>(highestTrackableValue: 100_000_000_000, numberOfSignificantValueDigits: .three)

    mutating func record(nanoseconds: UInt64) {
        _ = histogram.record(Swift.max(1, nanoseconds))
    }

    /// Records the time from `start` to `end` (monotonic ns). An end seen before its start (the observer of the start
    /// was scheduled later than the one of the end) counts as 1 ns instead of wrapping past the histogram's range,
    /// where it would be dropped.
    mutating func record(from start: UInt64, to end: UInt64) {
        record(nanoseconds: end > start ? end - start : 1)
    }

    var count: UInt64 { histogram.totalCount }

    /// The value at `percentile` in microseconds.
    func microseconds(at percentile: Double) -> Double {
        Double(histogram.valueAtPercentile(percentile)) / 1_000
    }

    var p50: Double { microseconds(at: 50) }
    var p99: Double { microseconds(at: 99) }
    var maximum: Double { Double(histogram.max) / 1_000 }
}

extension Latencies {
    mutating func add(_ other: Latencies) {
        histogram.add(other.histogram)
    }
}
