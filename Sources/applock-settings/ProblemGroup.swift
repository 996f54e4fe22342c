import GtkKit
import Translation

/// A group of warning rows, one sentence each, hidden while there is none: by default each policy file AppLock
/// cannot use, with file, line and key, left as it is.
@MainActor
final class ProblemGroup {
    let group: PreferencesGroup
    private let rowTitle: String
    private var shown: [String] = []

    init(
        title: String = L("Policy Files With Errors"),
        description: String = L("These files were edited by hand and cannot be read. AppLock leaves them as they are; fix them in a text editor, and the settings they hold can be changed here again."),
        rowTitle: String = L("Cannot read a policy file")
    ) {
        group = PreferencesGroup(title: title, description: description)
        self.rowTitle = rowTitle
        group.isVisible = false
    }

    func show(_ sentences: [String]) {
        guard sentences != shown else { return }
        shown = sentences
        group.removeAll()
        for sentence in sentences {
            let row = ActionRow(title: rowTitle, subtitle: sentence)
            row.addPrefix(Image(iconName: "dialog-warning-symbolic"))
            row.addStyleClass("error")
            group.add(row)
        }
        group.isVisible = !sentences.isEmpty
    }
}
