/// The lock window's CSS, above libadwaita's own.
enum Style {
    static let css = """
        .keypad-key { min-width: 64px; min-height: 64px; font-size: 22px; font-weight: 500; }
        .hidden-key { opacity: 0; }
        .passcode-dots { font-size: 22px; letter-spacing: 10px; min-height: 32px; }
        .notice { font-weight: bold; }
        """
}
