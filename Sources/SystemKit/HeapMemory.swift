import CSystem

/// The process's malloc heap.
public enum HeapMemory {
    /// Gives free heap memory back to the system (`malloc_trim(0)`): after a burst that grew the heap, so that the
    /// resident size returns to what the process really holds.
    public static func trim() {
        _ = malloc_trim(0)
    }
}
