import Testing
@testable import AppLockGuardCore

/// Reading what an XSETTINGS manager publishes: the desktop's text scaling, by which the lock window needs more room.
@Suite struct XSettingsTests {
    /// One setting as the XSETTINGS format lays it out, little-endian: type, name padded to 4, serial, value.
    private func setting(_ name: String, type: UInt8, value: [UInt8]) -> [UInt8] {
        let bytes = Array(name.utf8)
        let length = UInt16(bytes.count)
        return [type, 0, UInt8(length & 0xff), UInt8(length >> 8)] + bytes + [UInt8](repeating: 0, count: -bytes.count & 3)
            + [0, 0, 0, 0] + value
    }

    private func integer(_ value: Int32) -> [UInt8] {
        let raw = UInt32(bitPattern: value)
        return [UInt8(raw & 0xff), UInt8(raw >> 8 & 0xff), UInt8(raw >> 16 & 0xff), UInt8(raw >> 24)]
    }

    private func settings(_ items: [[UInt8]]) -> [UInt8] {
        [0, 0, 0, 0, 0, 0, 0, 0, UInt8(items.count), 0, 0, 0] + items.flatMap { $0 }
    }

    @Test func largeTextIsXftDPIOver96() {
        let theme = setting("Net/ThemeName", type: 1, value: integer(7) + Array("Adwaita".utf8) + [0])
        let colour = setting("Gtk/Colour", type: 2, value: [1, 2, 3, 4, 5, 6, 7, 8])
        let bytes = settings([theme, colour, setting("Xft/DPI", type: 0, value: integer(192 * 1024))])
        let dpi: Int32? = XSettings.integer("Xft/DPI", in: bytes)
        #expect(dpi == Int32(192 * 1024))
        #expect(XSettings.textScaling(in: bytes) == 2)
    }

    @Test func theUnscaledDPIBesideAWindowScaleCounts() {
        let bytes = settings([
            setting("Xft/DPI", type: 0, value: integer(288 * 1024)),
            setting("Gdk/UnscaledDPI", type: 0, value: integer(144 * 1024)),
        ])
        #expect(XSettings.textScaling(in: bytes) == 1.5)
    }

    @Test func noDPIOrMalformedBytesAreNormalText() {
        #expect(XSettings.textScaling(in: settings([])) == 1)
        #expect(XSettings.textScaling(in: [0, 0, 0]) == 1)
        #expect(XSettings.integer("Xft/DPI", in: Array(settings([setting("Xft/DPI", type: 0, value: integer(1))]).dropLast())) == nil)
        #expect(XSettings.textScaling(in: settings([setting("Xft/DPI", type: 0, value: integer(72 * 1024))])) == 1)
    }
}
