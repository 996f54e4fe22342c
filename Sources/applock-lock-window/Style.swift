/// The lock window's CSS, above libadwaita's own. Sizes are in points and ems, so that the keys' digits and icons and
/// the dots grow with the desktop's text size (GTK scales points by `gtk-xft-dpi`, not pixels): at 96 dpi 58 px keys
/// with 21 px digits. The compact layout's keys are at least 40 px and only as large as their digits need, which
/// still grow: it is the layout for little room. The key Tab has reached (see ``PasscodeView``) is drawn with
/// libadwaita's own focus ring.
enum Style {
    static let css = """
        window.lock-cover { border-radius: 0; box-shadow: none; outline: none; border: none; margin: 0; }
        .keypad-key { min-width: 2.75em; min-height: 2.75em; font-size: 15.75pt; font-weight: 500; }
        .passcode-dots { font-size: 16.5pt; letter-spacing: 10px; min-height: 1.45em; }
        .keypad-key image { -gtk-icon-size: 0.75em; }
        .keypad-key.drawn-focus { outline: 2px solid alpha(@accent_color, 0.5); outline-offset: -2px; }
        .compact .keypad-key { min-width: 40px; min-height: 40px; font-size: 12.75pt; }
        .compact .passcode-dots { font-size: 13.5pt; min-height: 1.2em; }
        """
}
