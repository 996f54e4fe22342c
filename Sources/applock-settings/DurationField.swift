import GtkKit
import Translation

/// A duration as Settings shows every one (the grace period, the idle time, each lock-out): a whole number and its
/// unit, seconds, minutes or hours, each chosen by the user. A value is shown in the largest unit that divides it.
@MainActor
final class DurationField {
    /// The seconds in each unit the drop-down offers, in its order.
    static let units: [UInt32] = [1, 60, 3600]

    /// The number and the unit side by side.
    let widget = Box(.horizontal, spacing: 6)
    private let number: SpinButton
    private let unit: DropDown
    private var minimum: UInt32
    private var maximum: UInt32
    private var showing = false
    /// The units' names the drop-down shows.
    private var unitNamesShown: [String] = []
    /// Called with the seconds the user chose.
    var onChange: ((UInt32) -> Void)?

    /// A field for `minimum`…`maximum` seconds; `label` names it to assistive technologies ("Grace Period for Notes").
    init(accessibleLabel label: String, minimum: UInt32, maximum: UInt32) {
        self.minimum = minimum
        self.maximum = maximum
        number = SpinButton(minimum: Double(minimum), maximum: Double(maximum), step: 1, accessibleLabel: label)
        unit = DropDown(choices: Self.unitNames(after: Int(minimum)), accessibleLabel: L("Unit of %1$s", label))
        widget.setAlignment(vertical: .center)
        widget.append(number)
        widget.append(unit)
        number.onValueChanged { [weak self] in
            self?.nameUnits()
            self?.changedByUser()
        }
        unit.onSelectionChanged { [weak self] in
            guard let self, !showing else { return }
            fitRange()
            changedByUser()
        }
    }

    /// The duration shown, in seconds.
    var seconds: UInt32 { UInt32(number.value.rounded()) * Self.units[unitIndex] }

    private var unitIndex: Int { min(max(unit.selectedIndex, 0), Self.units.count - 1) }

    /// Shows `seconds` in the largest unit that divides it (0 keeps the unit shown).
    func show(_ seconds: UInt32) {
        showing = true
        defer { showing = false }
        if seconds > 0, let index = Self.units.indices.last(where: { seconds % Self.units[$0] == 0 }) {
            unit.selectedIndex = index
        }
        fitRange()
        number.value = Double(seconds / Self.units[unitIndex])
        nameUnits()
    }

    /// The units' names as they read after `number` ("1" "minute", "5" "minutes"), in the drop-down's order.
    static func unitNames(after number: Int) -> [String] {
        // TRANSLATORS: the units of a duration, chosen after its number ("1" "minute", "5" "minutes").
        [N("second", "seconds", number), N("minute", "minutes", number), N("hour", "hours", number)]
    }

    /// Names the units for the number shown.
    private func nameUnits() {
        let names = Self.unitNames(after: Int(number.value.rounded()))
        guard names != unitNamesShown else { return }
        unitNamesShown = names
        let wasShowing = showing
        showing = true
        unit.setChoices(names)
        showing = wasShowing
    }

    /// Allows `minimum`…`maximum` seconds from now on.
    func setRange(minimum: UInt32, maximum: UInt32) {
        guard minimum != self.minimum || maximum != self.maximum else { return }
        self.minimum = minimum
        self.maximum = maximum
        let shown = seconds
        fitRange()
        show(min(max(shown, minimum), maximum))
    }

    var isSensitive: Bool {
        get { number.isSensitive }
        set {
            number.isSensitive = newValue
            unit.isSensitive = newValue
        }
    }

    /// The spin button's range in the unit shown.
    private func fitRange() {
        let perUnit = Self.units[unitIndex]
        let wasShowing = showing
        showing = true
        number.setRange(minimum: Double((minimum + perUnit - 1) / perUnit), maximum: Double(max(1, maximum / perUnit)))
        showing = wasShowing
    }

    private func changedByUser() {
        guard !showing else { return }
        onChange?(seconds)
    }

    /// `seconds` in words, in the largest unit that divides it: "90 seconds", "5 minutes", "1 hour".
    nonisolated static func text(_ seconds: UInt32) -> String {
        if seconds > 0, seconds % 3600 == 0 {
            let hours = Int(seconds / 3600)
            return N("%1$s hour", "%1$s hours", hours, hours)
        }
        if seconds > 0, seconds % 60 == 0 {
            let minutes = Int(seconds / 60)
            return N("%1$s minute", "%1$s minutes", minutes, minutes)
        }
        return N("%1$s second", "%1$s seconds", Int(seconds), Int(seconds))
    }
}
