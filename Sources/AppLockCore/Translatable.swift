/// Marks a literal for translation where it is shown, gettext's `N_`: it returns `text` unchanged, and `xgettext
/// -kN_` extracts it into the `applock` catalogue. The core stays pure; the programs that show the words translate
/// them (`Translation.translated(_:)`).
public func N_(_ text: String) -> String { text }
