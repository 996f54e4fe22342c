import GtkKit
import Translation

/// One policy key as a row: its title and subtitle, and a switch, a number or a text field after them, or a drop-down
/// of its choices. A change by the user is handed to ``onChange``; values shown by code are not.
@MainActor
final class SettingRow {
    let key: SettingKey
    /// The row: an action row with the control after its title, or a combo row for a choice.
    let row: Widget
    private let actionRow: ActionRow?
    private let choice: ComboRow?
    /// Called with the value the user chose.
    var onChange: ((SettingValue) -> Void)?
    private var toggle: Switch?
    private var number: SpinButton?
    private var text: Entry?
    private var showing = false
    private var shownValue: SettingValue?

    /// A row for `key`; `subject` names what it applies to in its controls' accessible labels ("Notes").
    init(_ key: SettingKey, subject: String) {
        self.key = key
        let label = subject.isEmpty ? key.title : L("%1$s for %2$s", key.title, subject)
        // A combo row is its own control: it takes the action row's place.
        if case .choice(let choices) = key.control {
            let control = ComboRow(title: key.title, subtitle: key.subtitle, choices: choices)
            choice = control
            actionRow = nil
            row = control
        } else {
            let row = ActionRow(title: key.title, subtitle: key.subtitle)
            choice = nil
            actionRow = row
            self.row = row
        }
        switch key.control {
        case .toggle:
            // The row is the switch's label (its title and subtitle), as AdwActionRow sets for its activatable widget.
            let control = Switch()
            toggle = control
            actionRow?.addSuffix(control)
            actionRow?.setActivatableWidget(control)
            control.onToggled { [weak self] in self?.userChanged(.toggle(control.isOn)) }
        case .number(_, let maximum):
            let control = SpinButton(minimum: 0, maximum: Double(maximum), step: 1, accessibleLabel: label)
            number = control
            actionRow?.addSuffix(control)
            control.onValueChanged { [weak self] in self?.userChanged(.number(UInt32(control.value.rounded()))) }
        case .list:
            let control = Entry(accessibleLabel: label)
            control.setWidthInCharacters(18)
            text = control
            actionRow?.addSuffix(control)
            control.onActivate { [weak self] in self?.listEntered(control.text) }
        case .choice:
            choice?.onSelectionChanged { [weak self] in
                guard let self, let choice else { return }
                userChanged(.choice(choice.selectedIndex))
            }
        }
    }

    private var subtitle: String {
        get { actionRow?.subtitle ?? choice?.subtitle ?? "" }
        set {
            actionRow?.subtitle = newValue
            choice?.subtitle = newValue
        }
    }

    /// Shows `value`; with `limit`, says so and, for a fixed one, makes the control read-only; `editable` false
    /// (a broken file) makes it read-only too. `note` replaces the subtitle when given.
    func show(_ value: SettingValue, limit: AdministratorLimit?, editable: Bool, note: String? = nil) {
        showing = true
        defer { showing = false }
        subtitle = limit?.explanation ?? note ?? key.subtitle
        if case .maximum(let maximum) = limit, let number {
            number.setRange(minimum: key == .lockAfterIdle ? 1 : 0, maximum: Double(maximum))
        } else if case .number(_, let maximum) = key.control, let number {
            number.setRange(minimum: 0, maximum: Double(maximum))
        }
        if value != shownValue {
            switch value {
            case .toggle(let on): toggle?.isOn = on
            case .number(let n): number?.value = Double(n)
            case .list(let items): text?.text = items.map(String.init).joined(separator: ", ")
            case .choice(let index): choice?.selectedIndex = index
            }
            shownValue = value
        }
        // The control too: assistive technologies read its own state, not its row's.
        let canEdit = editable && limit != .fixed
        row.isSensitive = canEdit
        toggle?.isSensitive = canEdit
        number?.isSensitive = canEdit
        text?.isSensitive = canEdit
    }

    private func userChanged(_ value: SettingValue) {
        guard !showing, value != shownValue else { return }
        shownValue = value
        onChange?(value)
    }

    private func listEntered(_ typed: String) {
        guard let value = SettingValue.schedule(from: typed) else {
            subtitle = L("Type whole numbers of seconds separated by commas, e.g. 60, 300, 900")
            return
        }
        userChanged(value)
    }
}
