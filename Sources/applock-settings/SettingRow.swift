import GtkKit
import Translation

/// One policy key as a row: its title and subtitle, and a switch, a number or a duration after them, a drop-down of
/// its choices, or the lock-out schedule's rows. A change by the user is handed to ``onChange``; values shown by
/// code are not.
@MainActor
final class SettingRow {
    let key: SettingKey
    /// The row: an action row with the control after its title, or the schedule's rows.
    let row: Widget
    private let actionRow: ActionRow?
    private let schedule: ScheduleEditor?
    private var choice: DropDown?
    /// Called with the value the user chose.
    var onChange: ((SettingValue) -> Void)?
    private var toggle: Switch?
    private var number: SpinButton?
    private var duration: DurationField?
    private var showing = false
    private var shownValue: SettingValue?

    /// A row for `key`; `subject` names what it applies to in its controls' accessible labels ("Notes").
    init(_ key: SettingKey, subject: String) {
        self.key = key
        let label = subject.isEmpty ? key.title : L("%1$s for %2$s", key.title, subject)
        // The schedule's row, which opens to its lock-outs, is its own control: no action row.
        switch key.control {
        case .schedule:
            let editor = ScheduleEditor(title: key.title, summary: key.subtitle, subject: subject)
            actionRow = nil
            schedule = editor
            row = editor.row
        default:
            let row = ActionRow(title: key.title, subtitle: key.subtitle)
            actionRow = row
            schedule = nil
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
        case .number(let maximum):
            let control = SpinButton(minimum: 0, maximum: Double(maximum), step: 1, accessibleLabel: label)
            number = control
            actionRow?.addSuffix(control)
            control.onValueChanged { [weak self] in self?.userChanged(.number(UInt32(control.value.rounded()))) }
        case .duration(let minimum, let maximum):
            let control = DurationField(accessibleLabel: label, minimum: minimum, maximum: maximum)
            duration = control
            actionRow?.addSuffix(control.widget)
            control.onChange = { [weak self] seconds in self?.userChanged(.number(seconds)) }
        case .schedule:
            schedule?.onChange = { [weak self] steps in self?.userChanged(.list(steps)) }
        case .choice(let choices):
            // A drop-down after the title, not a combo row: a combo row gives its value the room its title and
            // subtitle leave, and cut "Hide Content" short at the default width.
            let control = DropDown(choices: choices, accessibleLabel: label)
            choice = control
            actionRow?.addSuffix(control)
            control.onSelectionChanged { [weak self] in self?.userChanged(.choice(control.selectedIndex)) }
        }
    }

    private var subtitle: String {
        get { actionRow?.subtitle ?? "" }
        set { actionRow?.subtitle = newValue }
    }

    /// Shows `value`; with `limit`, says so and, for a fixed one, makes the control read-only; `editable` false
    /// (a broken file) makes it read-only too. `note` replaces the subtitle when given.
    func show(_ value: SettingValue, limit: AdministratorLimit?, editable: Bool, note: String? = nil) {
        showing = true
        defer { showing = false }
        let isDuration = duration != nil || schedule != nil
        let line = limit?.explanation(duration: isDuration) ?? note
        subtitle = line ?? key.subtitle
        let canEdit = editable && limit != .fixed
        if case .list(let steps) = value, let schedule {
            schedule.show(steps, note: line, editable: canEdit)
            shownValue = value
            return
        }
        switch (limit, key.control) {
        case (.maximum(let maximum)?, .duration):
            duration?.setRange(minimum: key == .lockAfterIdle ? 1 : 0, maximum: maximum)
        case (.maximum(let maximum)?, _):
            number?.setRange(minimum: 0, maximum: Double(maximum))
        case (_, .duration(let minimum, let maximum)):
            duration?.setRange(minimum: minimum, maximum: maximum)
        case (_, .number(let maximum)):
            number?.setRange(minimum: 0, maximum: Double(maximum))
        default:
            break
        }
        if value != shownValue {
            switch value {
            case .toggle(let on): toggle?.isOn = on
            case .number(let n):
                number?.value = Double(n)
                duration?.show(n)
            case .list: break
            case .choice(let index): choice?.selectedIndex = index
            }
            shownValue = value
        }
        // The control too: assistive technologies read its own state, not its row's.
        row.isSensitive = canEdit
        toggle?.isSensitive = canEdit
        number?.isSensitive = canEdit
        duration?.isSensitive = canEdit
        choice?.isSensitive = canEdit
    }

    private func userChanged(_ value: SettingValue) {
        guard !showing, value != shownValue else { return }
        shownValue = value
        onChange?(value)
    }
}
