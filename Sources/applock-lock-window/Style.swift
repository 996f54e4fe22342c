/// The lock window's CSS, above libadwaita's own.
enum Style {
    static let css = """
        window.lock-cover { border-radius: 0; box-shadow: none; outline: none; border: none; margin: 0; }
        .keypad-key { min-width: 58px; min-height: 58px; font-size: 21px; font-weight: 500; }
        .passcode-dots { font-size: 22px; letter-spacing: 10px; min-height: 32px; }
        .compact .keypad-key { min-width: \(PasscodeView.compactKeySize)px; min-height: \(PasscodeView.compactKeySize)px; font-size: 17px; }
        .compact .passcode-dots { font-size: 18px; min-height: 24px; }
        """
}
