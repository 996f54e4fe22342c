import AppLockClient
import AppLockCore
import AppLockGuardCore
import GtkKit
import Translation

/// The passcode screen shared by the lock window and the set-up window: the app's icon and name, a prompt, a
/// keypad with progress dots for the digit kinds or a password entry for `alphanumeric`, a notice line and a
/// place for extra buttons. Digits typed on the keyboard work as the keypad does. Hands each complete entry to
/// ``onSubmit`` and forgets it.
///
/// For a screen reader: the keyboard focus stays in ``secretField`` while digits are typed and while the keypad is
/// walked, a password text named after the prompt and described by how many digits are entered (never which), so
/// that a screen reader's key echo never says a digit: Orca echoes a key by where its focus is as the key comes,
/// before the window can move the focus, so a key that held the focus would have its first digit typed said aloud.
/// Tab and Shift+Tab walk the keys as a focus drawn on them (a password text's active key, as a web keypad's
/// `aria-activedescendant`): the key reached is drawn with a focus ring and named in the password text's
/// description, and Space or Enter presses it; Tab past the last key, or Shift+Tab into the keypad from after it,
/// moves the real focus as GTK does. A new notice is spoken through that description too, since Orca 43 says neither
/// a GTK 4.8 label whose text changes nor an alert that appears (GTK 4.8 tells AT-SPI of it as a child added, not as
/// showing), but does say a new description of the focused object.
@MainActor
final class PasscodeView {
    let root = Box(.vertical, spacing: 12)
    /// Called with each complete entry; the bytes are wiped when it returns.
    var onSubmit: ((PasscodeBytes) -> Void)?

    private let promptLabel = Label()
    private let dots = Label()
    /// Where the focus is while digits are typed: a password text laid invisibly over the dots.
    private let secretField = HiddenPasswordEntry()
    private let dotsField = Overlay()
    private let keypad = Box(.vertical, spacing: 8)
    private let enterKey = Button(iconName: "go-next-symbolic", accessibleLabel: L("Submit passcode"))
    /// Holds the enter key's place when it is not needed, so that 0 stays under 8.
    private let enterKeySpace = Label()
    private let passwordRow = Box(.horizontal, spacing: 6)
    private let passwordEntry = PasswordEntry(placeholder: L("Passcode"))
    private let passwordSubmit: Button
    private let noticeLabel = Label()
    /// What the notice says to a screen reader now; nil without a notice.
    private var noticeWords: String?
    /// Those words while they are new: the password text's description holds them, before the digits' count,
    /// until the next digit typed or deleted.
    private var newNotice: String?
    /// Where callers put their own buttons, under the notice.
    let extras = Box(.vertical, spacing: 6)
    /// Where callers put choices about the entry, under the prompt.
    let options = Box(.vertical)

    private var announcedAgain: RepeatingTimer?
    private weak var window: Window?
    private var header: HeaderBar?
    private let scroller = ScrolledWindow()
    private let page = Box(.vertical)
    private let image: Image
    private let title: Label
    private let digits = PasscodeBytes()
    private(set) var kind: PasscodeKind = .fourDigit
    private var enabled = true
    /// The keypad's keys in the order Tab walks them: 1 to 9, delete, 0, enter.
    private var keys: [KeypadKey] = []
    /// The key Tab or Shift+Tab has reached (drawn with a focus ring, the real focus in ``secretField``); nil for none.
    private var reachedKey: KeypadKey?
    /// Set by a Shift+Tab pressed after the keypad: where it lands in ``secretField``, the last key is reached.
    private var comingBackIntoKeypad = false

    /// Builds the screen as `window`'s content, under a header bar when `withHeaderBar` (a window of its own).
    /// `submitLabel` names the password entry's button: what submitting does ("Unlock", "Continue").
    init(appName: String, icon: String?, window: Window, withHeaderBar: Bool, submitLabel: String) {
        passwordSubmit = Button(label: submitLabel)
        self.window = window
        root.setAlignment(horizontal: .center, vertical: .center)
        root.setExpand(horizontal: true, vertical: true)
        root.setMargins(top: 12, bottom: 12, start: 24, end: 24)
        root.setSizeRequest(width: 300, height: -1)
        scroller.setChild(root)
        scroller.setExpand(horizontal: true, vertical: true)
        if withHeaderBar {
            let header = HeaderBar()
            header.makeFlat()
            page.append(header)
            self.header = header
        }
        page.append(scroller)
        window.setContent(page)
        window.title = L("%1$s – AppLock", appName)

        image = Self.image(for: icon)
        image.setPixelSize(72)
        // TRANSLATORS: the accessible name of an app's icon; %1$s is the app's name.
        image.setAccessibleLabel(L("%1$s icon", appName))
        image.setMargins(bottom: 6)
        root.append(image)

        title = Label(appName)
        title.addStyleClass("title-1")
        title.wrapCentred(maxCharacters: 28)
        root.append(title)

        promptLabel.addStyleClass("dim-label")
        promptLabel.wrapCentred(maxCharacters: 36)
        root.append(promptLabel)

        options.setAlignment(horizontal: .center)
        root.append(options)

        dots.addStyleClass("passcode-dots")
        secretField.opacity = 0
        dotsField.setChild(dots)
        dotsField.addOverlay(secretField)
        dotsField.setAlignment(horizontal: .center)
        root.append(dotsField)

        buildKeypad()
        root.append(keypad)

        passwordEntry.setSizeRequest(width: 240, height: -1)
        passwordEntry.onActivate { [weak self] in self?.submitPassword() }
        passwordSubmit.addStyleClass("suggested-action")
        passwordSubmit.onClicked { [weak self] in self?.submitPassword() }
        passwordRow.append(passwordEntry)
        passwordRow.append(passwordSubmit)
        passwordRow.setAlignment(horizontal: .center)
        passwordRow.setMargins(top: 12, bottom: 6)
        root.append(passwordRow)

        noticeLabel.addStyleClass("error")
        noticeLabel.wrapCentred(maxCharacters: 36)
        noticeLabel.isVisible = false
        root.append(noticeLabel)

        extras.setAlignment(horizontal: .center)
        root.append(extras)

        window.onKeyPress { [weak self] key in self?.handle(key) ?? false }
        window.onFocusChanged { [weak self] in self?.focusMoved() }
        window.onActiveChanged { [weak self] in
            guard let self, self.window?.isActive == true else { return }
            self.announce()
            // GTK 4.8 sends a new process's first events before AT-SPI has it among the desktop's applications
            // (Orca finds them from a dead object): said again once it has.
            self.announcedAgain = RepeatingTimer(every: .milliseconds(300)) { [weak self] in
                self?.announcedAgain = nil
                self?.announce()
                StandardError.line("applock-lock-window: announced again")
            }
        }
        configure(kind: .fourDigit)
    }

    /// Leaves the window buttons that do nothing on the overlay layer (minimise, maximise) out of the title bar.
    func placedOnOverlay() {
        header?.leaveOutMinimiseAndMaximise()
    }

    /// Picks the layout for a window of `width` × `height` that may widen to `widest` (a window of its own, up to the
    /// screen's width; a cover does not): the full one when the size holds ``LockWindowSize/full`` and the screen fits
    /// there at its fullest (with `extra`, a button that may come, and a notice of two lines); else the compact one (a
    /// smaller title and keypad, tighter spacing), with the app's icon when that fits too. At large text, scale 2 or
    /// high contrast the full layout needs more than its size.
    func fit(width: Int32, height: Int32, widest: Int32, atFullest extra: Widget?) {
        let extraShown = extra?.isVisible ?? false
        let shownNotice = notice
        extra?.isVisible = true
        notice = "\n"
        defer {
            extra?.isVisible = extraShown
            notice = shownNotice
        }
        func fits() -> Bool {
            let needed = page.measure(atWidth: width)
            return needed.minimumWidth <= max(width, widest) && needed.height <= height
        }
        if LockWindowSize.layout(width: width, height: height) == .full, fits() { return }
        useCompactLayout(showsIcon: true)
        if !fits() { useCompactLayout(showsIcon: false) }
    }

    private func useCompactLayout(showsIcon: Bool) {
        image.isVisible = showsIcon
        image.setPixelSize(48)
        title.removeStyleClass("title-1")
        title.addStyleClass("title-3")
        root.spacing = 2
        root.setMargins(top: 6, bottom: 6, start: 8, end: 8)
        keypad.spacing = 4
        root.addStyleClass("compact")
    }

    /// Shows the input that fits `kind` and empties it.
    func configure(kind: PasscodeKind) {
        self.kind = kind
        reach(nil)
        clear()
        let numeric = kind.isNumeric
        keypad.isVisible = numeric
        dotsField.isVisible = numeric
        enterKey.isVisible = kind == .numeric
        enterKeySpace.isVisible = kind != .numeric
        passwordRow.isVisible = !numeric
        focusEntry()
    }

    /// Puts the keyboard focus where the passcode is typed: the password text over the dots, or the entry.
    private func focusEntry() {
        if kind.isNumeric { secretField.grabFocus() } else { passwordEntry.grabFocus() }
    }

    /// Has a screen reader say the window again (the prompt, the field and the digits entered), as when the window
    /// is shown again after standing by: the focus leaves where the passcode is typed and comes back. Where it
    /// already said it, Orca says nothing twice (the object it presents is the one it last presented); where the
    /// user has moved the focus elsewhere (to a key), it stays there; once the user has begun typing, nothing moves
    /// (the entry would select what was typed as it takes the focus back, and the next key would replace it).
    private func announce() {
        let entry: Widget = kind.isNumeric ? secretField : passwordEntry
        let typed = kind.isNumeric ? !digits.isEmpty : !passwordEntry.isEmpty
        guard !typed, reachedKey == nil, let window, window.focusIsNowhereOrInside(entry) else { return }
        window.setFocus(nil)
        focusEntry()
    }

    /// The prompt, which names the password text too: a screen reader says it again when it changes (GTK 4.8 tells
    /// AT-SPI of a new name set, not of a new text in a label the name is tied to).
    var prompt: String {
        get { promptLabel.text }
        set {
            promptLabel.text = newValue
            secretField.setAccessibleLabel(newValue)
        }
    }

    /// The notice line; nil hides it. A screen reader says it when it says something new.
    var notice: String? {
        get { noticeLabel.isVisible ? noticeLabel.text : nil }
        set { setNotice(newValue, spoken: nil) }
    }

    /// Shows `text` as the notice (nil hides it) and has screen readers say `spoken` instead when given: words that
    /// do not change while `text` does (a lock-out's end, not its countdown). Said once, when those words change.
    func setNotice(_ text: String?, spoken: String?) {
        let saying = text.map { spoken ?? $0 }
        noticeLabel.text = text ?? ""
        noticeLabel.isVisible = text != nil
        if let saying { noticeLabel.setAccessibleLabel(saying) }
        guard saying != noticeWords else { return }
        noticeWords = saying
        newNotice = saying
        updateDots()
    }

    /// Whether a passcode may be typed (false while locked out or while the agent checks one).
    var isEntryEnabled: Bool {
        get { enabled }
        set {
            let wasEnabled = enabled
            enabled = newValue
            keypad.isSensitive = newValue
            passwordRow.isSensitive = newValue
            if !newValue { reach(nil) }
            if newValue, !wasEnabled { focusEntry() }
        }
    }

    /// Hides the keypad, dots and entry (when nothing more is to be typed); keys typed go to the window's widgets.
    func hideInput() {
        reach(nil)
        keypad.isVisible = false
        dotsField.isVisible = false
        passwordRow.isVisible = false
    }

    /// Has the notice set next said even when it says what the notice says now (a second wrong passcode's answer).
    func forgetSaidNotice() {
        noticeWords = nil
    }

    /// Empties the entry (digits wiped, GTK's secure buffer cleared).
    func clear() {
        digits.wipe()
        passwordEntry.clear()
        updateDots()
    }

    // MARK: Input

    private func handle(_ key: KeyPress) -> Bool {
        guard kind.isNumeric, keypad.isVisible, !key.isShortcut else { return false }
        let inField = window?.focusIsNowhereOrInside(secretField) ?? true
        if key.isTab || key.isBackTab {
            guard inField else {
                comingBackIntoKeypad = key.isBackTab
                return false
            }
            return walkKeypad(forward: key.isTab)
        }
        if key.isBackspace {
            deleteDigit()
            return true
        }
        // Space or Enter presses the key reached; Enter without one submits from the password text. On a button
        // after the keypad, either presses that button.
        if key.isSpace || key.isEnter, inField, let reachedKey {
            press(reachedKey)
            return true
        }
        if key.isEnter, inField {
            submitDigits()
            return true
        }
        guard let character = key.character, let value = character.asciiValue,
              value >= UInt8(ascii: "0"), value <= UInt8(ascii: "9") else { return false }
        // Typing goes on in the password text, whose keys a screen reader does not echo.
        secretField.grabFocus()
        reach(nil)
        type(value)
        return true
    }

    /// Moves the drawn focus to the next key (or the one before); false when it leaves the keypad forward, for GTK to
    /// move the real focus. Backward from the password text the real focus moves here, and the last key is reached
    /// when it wraps round to the password text.
    private func walkKeypad(forward: Bool) -> Bool {
        let walked = keys.filter { $0.button.isVisible }
        guard enabled, !walked.isEmpty else { return false }
        let position = reachedKey.flatMap { reached in walked.firstIndex { $0 === reached } }
        switch (forward, position) {
        case (true, nil): reach(walked[0])
        case (true, let position?) where position + 1 < walked.count: reach(walked[position + 1])
        case (true, _):
            reach(nil)
            return false
        case (false, nil):
            // Back from the password text as GTK would go; where that wraps round to the password text itself (the
            // window has nothing else to focus), on round to the last key.
            guard let window else { return false }
            window.moveFocus(forward: false)
            if window.focusIsInside(secretField) { reach(walked.last) }
        case (false, 0): reach(nil)
        case (false, let position?): reach(walked[position - 1])
        }
        return true
    }

    /// Draws the focus on `key` (none for nil) and names it in the password text's description, for a screen
    /// reader to say; with none, the description says the digits entered again.
    private func reach(_ key: KeypadKey?) {
        guard key !== reachedKey else { return }
        reachedKey?.button.removeStyleClass("drawn-focus")
        reachedKey = key
        if let key {
            key.button.addStyleClass("drawn-focus")
            secretField.setAccessibleDescription(key.name)
        } else {
            updateDots()
        }
    }

    /// Follows the real focus: once it leaves the password text no key is reached; come back into it with Shift+Tab
    /// from after the keypad, it reaches the last key.
    private func focusMoved() {
        guard let window else { return }
        let backward = comingBackIntoKeypad
        comingBackIntoKeypad = false
        if !window.focusIsNowhereOrInside(secretField) {
            reach(nil)
        } else if backward, window.focusIsInside(secretField), enabled, let last = keys.last(where: { $0.button.isVisible }) {
            reach(last)
        }
    }

    private func press(_ key: KeypadKey) {
        switch key.action {
        case .digit(let digit): type(UInt8(ascii: "0") + digit)
        case .delete: deleteDigit()
        case .submit: submitDigits()
        }
    }

    private func type(_ digit: UInt8) {
        guard enabled else { return }
        let limit = kind.fixedLength ?? 32
        guard digits.count < limit, digits.append(digit) else { return }
        newNotice = nil
        updateDots()
        if digits.count == kind.fixedLength { submitDigits() }
    }

    private func deleteDigit() {
        guard enabled else { return }
        digits.removeLast()
        newNotice = nil
        updateDots()
    }

    private func submitDigits() {
        guard enabled, digits.count >= (kind.fixedLength ?? 4) else { return }
        onSubmit?(digits)
        digits.wipe()
        updateDots()
    }

    private func submitPassword() {
        guard enabled else { return }
        let bytes = passwordEntry.withTextBytes { PasscodeBytes(copying: $0) }
        passwordEntry.clear()
        guard let bytes, bytes.count >= 4 else {
            notice = L("A passcode has at least 4 characters.")
            return
        }
        onSubmit?(bytes)
        bytes.wipe()
    }

    private func updateDots() {
        let count = digits.count
        let said: String
        if let length = kind.fixedLength {
            dots.text = String(repeating: "●", count: count) + String(repeating: "○", count: length - count)
            said = N("%1$d of %2$d digit entered", "%1$d of %2$d digits entered", length, count, length)
        } else {
            dots.text = count == 0 ? " " : String(repeating: "●", count: count)
            said = N("%d digit entered", "%d digits entered", count)
        }
        dots.setAccessibleLabel(said)
        secretField.setAccessibleDescription(newNotice.map { $0 + " " + said } ?? said)
        passwordEntry.setAccessibleDescription(newNotice ?? "")
    }

    // MARK: Building

    private func buildKeypad() {
        keypad.setAlignment(horizontal: .center)
        keypad.setMargins(top: 6)
        let rows: [[UInt8]] = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
        for row in rows {
            let line = Box(.horizontal, spacing: 16)
            for digit in row { line.append(digitKey(digit)) }
            keypad.append(line)
        }
        let last = Box(.horizontal, spacing: 16)
        let deleteLabel = L("Delete last digit")
        let delete = Button(iconName: "edit-clear-symbolic", accessibleLabel: deleteLabel)
        enterKeySpace.addStyleClass("keypad-key")
        last.append(addKey(delete, name: deleteLabel, action: .delete))
        last.append(digitKey(0))
        last.append(addKey(enterKey, name: L("Submit passcode"), action: .submit))
        last.append(enterKeySpace)
        delete.addStyleClass("flat")
        enterKey.addStyleClass("suggested-action")
        keypad.append(last)
        // Digits are not mirrored in a right-to-left language, nor is a keypad of them: its rows, and the delete
        // key's arrow, run left to right in Hebrew too, as a phone's do.
        keypad.keepLeftToRight()
    }

    private func digitKey(_ digit: UInt8) -> Button {
        let button = Button(label: String(digit))
        let name = L("Digit %1$d", digit)
        button.setAccessibleLabel(name)
        return addKey(button, name: name, action: .digit(digit))
    }

    /// Makes `button` a key of the keypad, walked by Tab after the keys before it. It never takes the keyboard
    /// focus, from a click or from Tab: the focus stays in the password text, where the keys typed are not echoed.
    private func addKey(_ button: Button, name: String, action: KeypadKey.Action) -> Button {
        button.addStyleClass("circular")
        button.addStyleClass("keypad-key")
        button.isFocusable = false
        button.focusesOnClick = false
        let key = KeypadKey(button: button, name: name, action: action)
        button.onClicked { [weak self, weak key] in
            guard let self, let key else { return }
            self.reach(nil)
            self.press(key)
        }
        keys.append(key)
        return button
    }

    private static func image(for icon: String?) -> Image {
        icon.map { Image(desktopIcon: $0) } ?? Image(iconName: "system-lock-screen-symbolic")
    }
}

/// One key of the keypad: its button, the name a screen reader says for it, and what pressing it does.
@MainActor
private final class KeypadKey {
    enum Action {
        case digit(UInt8)
        case delete
        case submit
    }

    let button: Button
    let name: String
    let action: Action

    init(button: Button, name: String, action: Action) {
        self.button = button
        self.name = name
        self.action = action
    }
}
