internal import CIntl
#if canImport(Glibc)
internal import Glibc
#endif

/// AppLock's gettext text domain, `applock`, bound once by each program's `main` (``start()``) before it shows a
/// word. The catalogues are `share/locale/<ll>/LC_MESSAGES/applock.mo` beside the program's own `bin` folder (an
/// installed `/usr/bin/applockctl` reads `/usr/share/locale`; a build in `.build/<triple>/debug` reads
/// `.build/<triple>/share/locale`, where `make locale` puts them), or `APPLOCK_LOCALEDIR` in debug builds.
public enum Translation {
    /// The one text domain of every AppLock program.
    public static let domain = "applock"

    /// Takes the locale from the environment (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`) and binds the text domain
    /// to ``directory`` with UTF-8 output. Call once, first thing in `main`.
    public static func start() {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// Where the catalogues are looked for.
    public static var directory: String {
        #if DEBUG
        if let override = getenv("APPLOCK_LOCALEDIR"), override.pointee != 0 { return String(cString: override) }
        #endif
        return localeDirectory(besideExecutable: executablePath() ?? "/usr/bin/applock")
    }

    /// `<prefix>/share/locale` for a program at `<prefix>/<folder>/<name>`.
    static func localeDirectory(besideExecutable path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(min(2, parts.count))
        return parts.joined(separator: "/") + "/share/locale"
    }

    /// The resolved path of this process's executable.
    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The user's-language form of `message`, a single-line literal that `xgettext -kL` extracts; `arguments` fill its
/// printf-style placeholders (``fill(_:_:)``).
public func L(_ message: String, _ arguments: any CustomStringConvertible...) -> String {
    fill(translated(message), arguments)
}

/// The user's-language form of `message` as it is, for a string marked where it is defined (AppLockCore's `N_`),
/// which xgettext extracted there.
public func translated(_ message: String) -> String {
    // Without a translation gettext answers the msgid's own pointer, valid only inside withCString.
    message.withCString { msgid in
        guard let answer = dgettext(Translation.domain, msgid), answer != msgid else { return message }
        return String(cString: answer)
    }
}

/// The singular or plural form of a message for `count` (`ngettext`; `xgettext -kN:1,2`); `arguments` fill its
/// placeholders, `count` alone when none are given.
public func N(_ singular: String, _ plural: String, _ count: Int, _ arguments: any CustomStringConvertible...) -> String {
    let form = singular.withCString { one in
        plural.withCString { many in
            guard let answer = dngettext(Translation.domain, one, many, UInt(max(0, count))) else { return count == 1 ? singular : plural }
            if answer == one { return singular }
            if answer == many { return plural }
            return String(cString: answer)
        }
    }
    return fill(form, arguments.isEmpty ? [count] : arguments)
}

/// Fills printf-style placeholders without Foundation: `%1$s`/`%2$d` (positional, as translations reorder them),
/// `%s`/`%d` (in order) and `%%`. Every argument is written as its `description`.
public func fill(_ template: String, _ arguments: [any CustomStringConvertible]) -> String {
    guard template.contains("%") else { return template }
    var result = ""
    var next = 0
    var characters = template[...]
    while let percent = characters.firstIndex(of: "%") {
        result += characters[..<percent]
        characters = characters[characters.index(after: percent)...]
        if characters.first == "%" {
            result += "%"
            characters = characters.dropFirst()
            continue
        }
        var index = next
        let digits = characters.prefix(while: \.isASCII).prefix(while: \.isNumber)
        if !digits.isEmpty, characters.dropFirst(digits.count).first == "$", let position = Int(digits), position > 0 {
            index = position - 1
            characters = characters.dropFirst(digits.count + 1)
        } else {
            next += 1
        }
        guard let conversion = characters.first, conversion == "s" || conversion == "d" || conversion == "u" else {
            result += "%"
            continue
        }
        characters = characters.dropFirst()
        result += index < arguments.count ? arguments[index].description : ""
    }
    return result + characters
}
