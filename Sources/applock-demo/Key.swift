/// One decoded key press or terminal event.
enum Key: Equatable {
    case character(Character)
    case enter
    case backspace
    case escape
    case focusIn
    case focusOut
    case interrupt
    case suspend

    /// Decodes one chunk read from the terminal (escape sequences are assumed not to be split across reads).
    static func decode(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            guard !text.isEmpty else { return }
            for character in String(decoding: text, as: UTF8.self) { keys.append(.character(character)) }
            text.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x0D, 0x0A: flushText(); keys.append(.enter)
            case 0x7F, 0x08: flushText(); keys.append(.backspace)
            case 0x03: flushText(); keys.append(.interrupt)
            case 0x1A: flushText(); keys.append(.suspend)
            case 0x1B:
                flushText()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O")
                else {
                    keys.append(.escape)
                    continue
                }
                index += 1
                var final: UInt8 = 0
                while index < bytes.count {
                    final = bytes[index]
                    index += 1
                    if (0x40...0x7E).contains(final) { break }
                }
                if final == UInt8(ascii: "I") { keys.append(.focusIn) }
                if final == UInt8(ascii: "O") { keys.append(.focusOut) }
            case 0x00...0x1F: continue
            default: text.append(byte)
            }
        }
        flushText()
        return keys
    }
}
