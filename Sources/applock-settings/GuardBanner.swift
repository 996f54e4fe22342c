import GtkKit
import Translation

/// A banner at the top of the Apps page while guarded apps may be visible: what the guard says is wrong (not
/// protecting on this desktop, and why; or not running while apps are guarded) and the fix; hidden while every
/// guarded app can be hidden. AppLock Settings reads the guard once a second, so it shows within the 2 s the
/// guard's status allows.
@MainActor
final class GuardBanner {
    let group = PreferencesGroup(
        title: L("Guarded Apps Are Not Hidden"),
        description: L("AppLock still locks them, but their windows can be seen and used until this is fixed."))
    private var shown: GuardExposure?

    init() {
        group.isVisible = false
    }

    func show(_ exposure: GuardExposure?) {
        guard exposure != shown else { return }
        shown = exposure
        group.removeAll()
        if let exposure {
            let problem = ActionRow(title: Self.sentence(exposure.statement))
            problem.addPrefix(Image(iconName: "dialog-warning-symbolic"))
            problem.addStyleClass("error")
            group.add(problem)
            if !exposure.fix.isEmpty {
                group.add(ActionRow(title: L("To fix it"), subtitle: Self.sentence(exposure.fix)))
            }
        }
        group.isVisible = exposure != nil
    }

    /// A phrase of the guard's (which languages such as German begin in lower case, as it reads inside a sentence)
    /// standing alone as a row's text: its first letter capitalised.
    private static func sentence(_ phrase: String) -> String {
        phrase.prefix(1).uppercased() + phrase.dropFirst()
    }
}

/// What ``GuardBanner`` says: the guard's statement and its fix.
struct GuardExposure: Equatable, Sendable {
    var statement: String
    var fix: String
}
