import GtkKit
import Translation

/// The lock-out schedule as rows: a row that opens to one row per lock-out, each a ``DurationField`` with a button
/// that removes it, and a last row with a button that adds one. Its subtitle sums the schedule up.
@MainActor
final class ScheduleEditor {
    let row: ExpanderRow
    private let subject: String
    private let summary: String
    private var fields: [DurationField] = []
    private var steps: [UInt32] = []
    private var editable = true
    /// Called with the schedule the user made.
    var onChange: (([UInt32]) -> Void)?

    /// `subject` names the app in accessible labels ("" for all apps); `summary` is the line under the title.
    init(title: String, summary: String, subject: String) {
        row = ExpanderRow(title: title, subtitle: summary)
        // Open from the start: its lock-outs are on the page, in reach of Tab, as every other setting is.
        row.isExpanded = true
        self.subject = subject
        self.summary = summary
    }

    /// The line under the title: `note` when given, then the schedule in words.
    func show(_ schedule: [UInt32], note: String?, editable: Bool) {
        let words = schedule.map(DurationField.text).joined(separator: ", ")
        row.subtitle = [note ?? summary, words].filter { !$0.isEmpty }.joined(separator: "\n")
        row.isSensitive = editable
        guard schedule != steps || editable != self.editable else { return }
        steps = schedule
        self.editable = editable
        rebuild()
    }

    /// The schedule with one lock-out more at its end: twice the last, at most a day; a minute in an empty one.
    nonisolated static func withStepAdded(_ schedule: [UInt32]) -> [UInt32] {
        schedule + [schedule.last.map { min($0 * 2, SettingKey.longestDuration) } ?? 60]
    }

    private func rebuild() {
        row.removeAllRows()
        fields = []
        for (index, seconds) in steps.enumerated() {
            let number = String(index + 1)
            // TRANSLATORS: one step of the lock-out schedule: the first, the second… lock-out ("Lock-Out 2").
            let title = L("Lock-Out %1$s", number)
            let line = ActionRow(title: title)
            let field = DurationField(
                accessibleLabel: subject.isEmpty ? title : L("%1$s for %2$s", title, subject), minimum: 1,
                maximum: SettingKey.longestDuration)
            field.show(seconds)
            field.isSensitive = editable
            field.onChange = { [weak self] chosen in self?.changed(at: index, to: chosen) }
            line.addSuffix(field.widget)
            let remove = Button(iconName: "list-remove-symbolic", accessibleLabel: L("Remove Lock-Out %1$s", number))
            remove.addStyleClass("flat")
            remove.setAlignment(vertical: .center)
            remove.isSensitive = editable && steps.count > 1
            remove.onClicked { [weak self] in self?.removeStep(at: index) }
            line.addSuffix(remove)
            row.addRow(line)
            fields.append(field)
        }
        let adding = ActionRow(title: L("Add Lock-Out"))
        let add = Button(iconName: "list-add-symbolic", accessibleLabel: L("Add Lock-Out"))
        add.addStyleClass("flat")
        add.setAlignment(vertical: .center)
        add.isSensitive = editable
        add.onClicked { [weak self] in
            guard let self else { return }
            userMade(Self.withStepAdded(steps))
        }
        adding.addSuffix(add)
        row.addRow(adding)
    }

    private func changed(at index: Int, to seconds: UInt32) {
        guard steps.indices.contains(index) else { return }
        var schedule = steps
        schedule[index] = seconds
        steps = schedule
        onChange?(schedule)
    }

    private func removeStep(at index: Int) {
        guard steps.indices.contains(index), steps.count > 1 else { return }
        var schedule = steps
        schedule.remove(at: index)
        userMade(schedule)
    }

    /// A change of the rows themselves: they are made again, then the schedule is handed on.
    private func userMade(_ schedule: [UInt32]) {
        steps = schedule
        rebuild()
        row.isExpanded = true
        onChange?(schedule)
    }
}
