/// The element tags of an XML document in order, for ``IntrospectedInterface``: start tags with their attributes
/// (entities decoded), end tags (an empty element gives both); comments, processing instructions, the DOCTYPE,
/// CDATA and text are passed over. Throws when tags do not nest or a construct is not closed.
enum XMLTags {
    enum Tag: Equatable {
        case start(String, [String: String])
        case end(String)
    }

    /// Comments, processing instructions and CDATA, passed over whole.
    private static let skipped = [("<!--", "-->"), ("<?", "?>"), ("<![CDATA[", "]]>")]

    static func read(_ xml: String) throws -> [Tag] {
        var tags: [Tag] = []
        var open: [String] = []
        var rest = Substring(xml)
        while let lt = rest.firstIndex(of: "<") {
            rest = rest[lt...]
            if let (opening, closing) = skipped.first(where: { rest.hasPrefix($0.0) }) {
                guard let end = rest.firstRange(of: closing) else { throw TestSupportError("not well-formed XML: \(opening) not closed") }
                rest = rest[end.upperBound...]
                continue
            }
            let body = try tagBody(&rest)
            if body.hasPrefix("!") { continue }  // <!DOCTYPE …>
            if body.hasPrefix("/") {
                let name = body.dropFirst().trimmingWhitespace()
                guard open.popLast() == name else { throw TestSupportError("not well-formed XML: </\(name)> does not close a tag") }
                tags.append(.end(name))
                continue
            }
            let empty = body.hasSuffix("/")
            let inner = empty ? body.dropLast() : body[...]
            let name = String(inner.prefix { !$0.isWhitespace })
            guard !name.isEmpty else { throw TestSupportError("not well-formed XML: a tag without a name") }
            tags.append(.start(name, try attributes(inner.dropFirst(name.count))))
            if empty { tags.append(.end(name)) } else { open.append(name) }
        }
        guard open.isEmpty, tags.contains(where: { if case .start = $0 { true } else { false } }) else {
            throw TestSupportError("not well-formed XML: \(open.isEmpty ? "no element" : "<\(open.last!)> not closed")")
        }
        return tags
    }

    /// What is between `<` and the `>` that ends the tag (a `>` inside quotes does not), which `rest` is moved past.
    private static func tagBody(_ rest: inout Substring) throws -> String {
        var quote: Character?
        var index = rest.index(after: rest.startIndex)
        while index < rest.endIndex {
            let character = rest[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                let body = String(rest[rest.index(after: rest.startIndex)..<index])
                rest = rest[rest.index(after: index)...]
                return body
            }
            index = rest.index(after: index)
        }
        throw TestSupportError("not well-formed XML: a tag is not closed")
    }

    /// `name="value"` pairs (either quote), values' entities decoded.
    private static func attributes(_ text: Substring) throws -> [String: String] {
        var result: [String: String] = [:]
        var rest = text.drop { $0.isWhitespace }
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { throw TestSupportError("not well-formed XML: attribute without a value") }
            let name = rest[..<equals].trimmingWhitespace()
            rest = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = rest.first, quote == "\"" || quote == "'",
                  let close = rest.dropFirst().firstIndex(of: quote)
            else { throw TestSupportError("not well-formed XML: attribute \(name) not quoted") }
            guard result[name] == nil else { throw TestSupportError("not well-formed XML: attribute \(name) twice") }
            result[name] = decode(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...].drop { $0.isWhitespace }
        }
        return result
    }

    private static func decode(_ value: Substring) -> String {
        var text = String(value)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacing(entity, with: character)
        }
        return text
    }
}

private extension StringProtocol {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
