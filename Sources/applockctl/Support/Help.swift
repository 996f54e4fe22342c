/// `--help` text from marked sentences: each sentence is one single-line `L("…")` literal (xgettext's C parser breaks on
/// Swift's multi-line literals), joined here at run time, after `Translation.start()` has chosen the language.
enum Help {
    /// The sentences of one paragraph.
    static func text(_ sentences: String...) -> String {
        sentences.joined(separator: " ")
    }

    /// Paragraphs separated by a blank line.
    static func paragraphs(_ paragraphs: String...) -> String {
        paragraphs.joined(separator: "\n\n")
    }
}
