import GtkKit

/// A group that names each policy file AppLock cannot use, with file, line and key, and says it was left as it
/// is; hidden while every file is fine.
@MainActor
final class ProblemGroup {
    let group = PreferencesGroup(
        title: "Policy Files With Errors",
        description: "These files were edited by hand and cannot be read. AppLock leaves them as they are; "
            + "fix them in a text editor, and the settings they hold can be changed here again.")
    private var shown: [String] = []

    init() {
        group.isVisible = false
    }

    func show(_ sentences: [String]) {
        guard sentences != shown else { return }
        shown = sentences
        group.removeAll()
        for sentence in sentences {
            let row = ActionRow(title: "Cannot read a policy file", subtitle: sentence)
            row.addPrefix(Image(iconName: "dialog-warning-symbolic"))
            row.addStyleClass("error")
            group.add(row)
        }
        group.isVisible = !sentences.isEmpty
    }
}
