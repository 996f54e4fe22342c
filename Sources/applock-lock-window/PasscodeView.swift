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
/// For a screen reader: while digits are typed the keyboard focus is in ``secretField``, a password text named
/// after the prompt and described by how many digits are entered (never which), so that a screen reader's key
/// echo says nothing; every key takes the focus from Tab and says its name, and Enter on it presses it. A new
/// notice is spoken through that description too, since Orca 43 says neither a GTK 4.8 label whose text changes
/// nor an alert that appears (GTK 4.8 tells AT-SPI of it as a child added, not as showing), but does say a new
/// description of the focused object.
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
        guard !typed, let window, window.focusIsNowhereOrInside(entry) else { return }
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
            if newValue, !wasEnabled { focusEntry() }
        }
    }

    /// Hides the keypad, dots and entry (when nothing more is to be typed); keys typed go to the window's widgets.
    func hideInput() {
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
        if key.isBackspace {
            deleteDigit()
            return true
        }
        // Enter submits from the password text; on a key or a button, it presses what has the focus.
        if key.isEnter, window?.focusIsNowhereOrInside(secretField) ?? true {
            submitDigits()
            return true
        }
        guard let character = key.character, let value = character.asciiValue,
              value >= UInt8(ascii: "0"), value <= UInt8(ascii: "9") else { return false }
        // Typing goes on in the password text, whose keys a screen reader does not echo.
        secretField.grabFocus()
        type(value)
        return true
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
        let delete = Button(iconName: "edit-clear-symbolic", accessibleLabel: L("Delete last digit"))
        delete.onClicked { [weak self] in self?.deleteDigit() }
        for button in [delete, enterKey] {
            button.addStyleClass("circular")
            button.addStyleClass("keypad-key")
            button.focusesOnClick = false
        }
        enterKeySpace.addStyleClass("keypad-key")
        last.append(delete)
        last.append(digitKey(0))
        last.append(enterKey)
        last.append(enterKeySpace)
        delete.addStyleClass("flat")
        enterKey.addStyleClass("suggested-action")
        enterKey.onClicked { [weak self] in self?.submitDigits() }
        keypad.append(last)
        // Digits are not mirrored in a right-to-left language, nor is a keypad of them: its rows, and the delete
        // key's arrow, run left to right in Hebrew too, as a phone's do.
        keypad.keepLeftToRight()
    }

    private func digitKey(_ digit: UInt8) -> Button {
        let button = Button(label: String(digit))
        button.addStyleClass("circular")
        button.addStyleClass("keypad-key")
        // A click leaves the focus in the password text, where the keys typed next are not echoed.
        button.focusesOnClick = false
        button.setAccessibleLabel(L("Digit %1$d", digit))
        button.onClicked { [weak self] in self?.type(UInt8(ascii: "0") + digit) }
        return button
    }

    private static func image(for icon: String?) -> Image {
        icon.map { Image(desktopIcon: $0) } ?? Image(iconName: "system-lock-screen-symbolic")
    }
}
