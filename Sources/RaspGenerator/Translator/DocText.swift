/// The documentation text generated declarations carry, made from what a schema says: its title and description,
/// the descriptions of parts folded into it, the facts code does not enforce (bounds, patterns, examples) and
/// deprecation notes. Pure functions of the schema: the type assignment calls them and passes their lines on.
enum DocText {
    /// Doc comment lines from `title` and `description`.
    static func doc(_ schema: Schema) -> [String] {
        var lines: [String] = []
        let title = schema.title?.trimmed
        let description = schema.description?.trimmed
        // A title that is one word names the type (`BetaResponseAudioWsDone`), which the declaration already does.
        let titleIsName = title.map { title in
            title.isASCII ? !title.utf8.contains(where: \.isASCIIBlank) : !title.contains(where: \.isWhitespace)
        } ?? false
        if let title, !title.isEmpty, !(titleIsName && description?.isEmpty == false) {
            title.appendDocLines(to: &lines)
        }
        if let description, !description.isEmpty, description != title {
            if !lines.isEmpty { lines.append("") }
            description.appendDocLines(to: &lines)
        }
        // Descriptions of parts that get no declaration of their own (a single `anyOf` variant beside `null`, a single
        // or merged `allOf` part, primitive `items`) would otherwise be lost.
        let folded = foldedDescriptions(schema)
        if !folded.isEmpty {
            var seen: Set<String> = [description ?? "", title ?? ""]
            for text in folded where seen.insert(text).inserted {
                if !lines.isEmpty { lines.append("") }
                text.appendDocLines(to: &lines)
            }
        }
        let facts = factLines(schema)
        if !facts.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append(contentsOf: facts)
        }
        if schema.deprecated { lines.append("- Warning: Deprecated.") }
        return lines
    }

    /// The descriptions of inline parts that fold into the schema's declaration or use.
    static func foldedDescriptions(_ schema: Schema) -> [String] {
        // Most schemas have no parts to fold.
        if schema.ref != nil || (schema.oneOf.isEmpty && schema.anyOf.isEmpty && schema.allOf.isEmpty
            && schema.itemsStorage.isEmpty && schema.additionalProperties?.schema == nil) {
            return []
        }
        var found: [String] = []
        func add(_ part: Schema, depth: Int) {
            guard depth < 8 else { return }
            // A `$ref` may carry a description of the use (3.1); the referenced declaration has its own.
            if depth > 0, let text = part.description?.trimmed, !text.isEmpty { found.append(text) }
            guard part.ref == nil else { return }
            let variants = (part.oneOf + part.anyOf).filter { !$0.isNullOnly }
            if variants.count == 1, part.properties.isEmpty { add(variants[0], depth: depth + 1) }
            for member in part.allOf { add(member, depth: depth + 1) }
            for inner in [part.items, part.additionalProperties?.schema].compactMap({ $0 })
            where inner.properties.isEmpty && inner.oneOf.isEmpty && inner.anyOf.isEmpty && inner.allOf.isEmpty
                && inner.enumValues == nil {
                add(inner, depth: depth + 1)
            }
        }
        add(schema, depth: 0)
        return found
    }

    /// One item per variant that has a description: what each case of a union or each constant of an enum means.
    static func variantDocs(_ variants: [Schema], names: [String]) -> [String] {
        var lines: [String] = []
        for (variant, name) in zip(variants, names) {
            // A `$ref` variant's own title and description describe this use; its declaration has the rest.
            let own = [variant.title, variant.description].compactMap { $0?.trimmed }
            let text = (own + foldedDescriptions(variant)).filter { !$0.isEmpty }
            guard !text.isEmpty else { continue }
            let body = Array(text.joined(separator: "\n").docLines)
            lines.append("- \(name): \(body[0])")
            lines += body.dropFirst().map { $0.isEmpty ? "" : "  " + $0 }
        }
        return lines
    }

    /// The message of `@available(*, deprecated, message:)` for a deprecated schema: its description's first line.
    static func deprecation(_ schema: Schema) -> String? {
        guard schema.deprecated else { return nil }
        return deprecationMessage(schema.description)
    }

    /// A description's first line (at most 200 characters), or a plain notice when there is none.
    static func deprecationMessage(_ description: String?) -> String {
        let first = description?.trimmed.docLines.first { !$0.isEmpty } ?? ""
        if first.isEmpty { return "Deprecated in the API description." }
        return first.count > 200 ? String(first.prefix(199)) + "…" : first
    }

    /// One paragraph on what values are allowed (bounds, lengths, pattern, format) and examples, or nothing.
    static func factLines(_ schema: Schema) -> [String] {
        guard schema.ref == nil else { return [] }  // the referenced declaration says it
        let facts = schema.facts
        if facts.isEmpty && schema.format == nil { return [] }
        // The sentences are written straight into one paragraph, each after a space.
        var paragraph = ""
        func startSentence() {
            if !paragraph.isEmpty { paragraph += " " }
        }
        // 3.0 makes a bound exclusive with `exclusiveMinimum: true`; 3.1 gives the exclusive bound itself.
        let lower = facts.exclusiveMinimum == "true" ? facts.minimum.map { ("Greater than ", $0) }
            : facts.exclusiveMinimum.flatMap { $0 == "false" ? nil : ("Greater than ", $0) }
                ?? facts.minimum.map { ("At least ", $0) }
        let upper = facts.exclusiveMaximum == "true" ? facts.maximum.map { ("less than ", $0) }
            : facts.exclusiveMaximum.flatMap { $0 == "false" ? nil : ("less than ", $0) }
                ?? facts.maximum.map { ("at most ", $0) }
        // "Greater than 1, at most 5.": the first bound written starts the sentence with a capital.
        if let lower {
            paragraph += lower.0 + lower.1
            if let upper { paragraph += ", " + upper.0 + upper.1 }
            paragraph += "."
        } else if let upper {
            paragraph += capitalized(upper.0) + upper.1 + "."
        }
        if let multiple = facts.multipleOf {
            startSentence()
            paragraph += "A multiple of " + multiple + "."
        }
        appendRange(facts.minLength, facts.maxLength, named: "Length: ", to: &paragraph)
        appendRange(facts.minItems, facts.maxItems, named: "Items: ", to: &paragraph)
        if let pattern = facts.pattern {
            startSentence()
            paragraph += "Pattern: "
            appendCodeSpan(pattern, to: &paragraph)
            paragraph += "."
        }
        if let format = schema.format {
            startSentence()
            paragraph += "Format: "
            appendCodeSpan(format, to: &paragraph)
            paragraph += "."
        }
        if !facts.examples.isEmpty {
            startSentence()
            paragraph += facts.examples.count == 1 ? "Example: " : "Examples: "
            for (index, example) in facts.examples.prefix(3).enumerated() {
                if index > 0 { paragraph += ", " }
                appendCodeSpan(shortened(example), to: &paragraph)
            }
            paragraph += "."
        }
        return paragraph.isEmpty ? [] : [paragraph]
    }

    /// Appends `Length: at least 1, at most 5.` (a sentence of its own) when either bound is given.
    private static func appendRange(_ minimum: String?, _ maximum: String?, named name: String,
                                    to paragraph: inout String) {
        guard minimum != nil || maximum != nil else { return }
        if !paragraph.isEmpty { paragraph += " " }
        paragraph += name
        if let minimum { paragraph += "at least " + minimum }
        if let maximum { paragraph += (minimum == nil ? "at most " : ", at most ") + maximum }
        paragraph += "."
    }

    /// An example of more than 100 characters cut to 99 and an ellipsis. Only the first 101 characters are looked
    /// at (an example may be a whole JSON document), and none when it has at most 100 bytes.
    private static func shortened(_ example: String) -> String {
        guard example.utf8.count > 100,
              let cut = example.index(example.startIndex, offsetBy: 100, limitedBy: example.endIndex),
              cut != example.endIndex else { return example }
        return String(example.prefix(99)) + "…"
    }

    private static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// Markdown code for any text: fenced with more backticks than it contains, on one line.
    static func codeSpan(_ text: String) -> String {
        var span = ""
        appendCodeSpan(text, to: &span)
        return span
    }

    /// Appends ``codeSpan(_:)`` of a text to `output`, without making the span first.
    static func appendCodeSpan(_ text: String, to output: inout String) {
        let backtick = UInt8(ascii: "`")
        var text = text
        // One pass over the bytes: whether they are all ASCII, hold a line break, and the longest run of backticks
        // (for ASCII text, each byte is a character of its own).
        let (isASCII, hasBreaks, longestRun) = text.withUTF8 { bytes in
            var isASCII = true, hasBreaks = false, longest = 0, run = 0
            for byte in bytes {
                if byte >= 0x80 { isASCII = false }
                if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") { hasBreaks = true }
                run = byte == backtick ? run + 1 : 0
                longest = max(longest, run)
            }
            return (isASCII, hasBreaks, longest)
        }
        let flat = hasBreaks ? text.replacingText("\r", with: " ").replacingText("\n", with: " ") : text
        var longest = longestRun
        // ASCII text starts or ends with a backtick only when it has one; other text is read by characters (a
        // backtick byte may be part of a longer character).
        var isPadded = longest > 0
        if !isASCII {
            longest = 0
            var run = 0
            for character in flat {
                run = character == "`" ? run + 1 : 0
                longest = max(longest, run)
            }
            isPadded = longest > 0 || flat.hasPrefix("`") || flat.hasSuffix("`")
        }
        let fence = longest == 0 ? "`" : String(repeating: "`", count: longest + 1)
        output += fence
        if isPadded { output += " " }
        output += flat
        if isPadded { output += " " }
        output += fence
    }
}

extension String {
    /// The text split at "\n" characters (a CRLF pair is one character, so it stays; ``CodeWriter/doc(_:)`` splits it).
    var docLines: [String] {
        var lines: [String] = []
        appendDocLines(to: &lines)
        return lines
    }

    /// Appends ``docLines`` to `lines` (a text without a line break, as most are, with no array made for it).
    func appendDocLines(to lines: inout [String]) {
        // On bytes: "\n" is a character of its own unless a "\r" precedes it.
        var text = self
        let breaks: [Int] = text.withUTF8 { bytes in
            var breaks: [Int] = []
            var from = 0
            // Each "\n" found with `memchr`; one right after a "\r" is part of a CRLF character.
            while let offset = bytes.firstOffset(of: UInt8(ascii: "\n"), from: from) {
                if offset == 0 || bytes[offset - 1] != UInt8(ascii: "\r") { breaks.append(offset) }
                from = offset + 1
            }
            return breaks
        }
        guard !breaks.isEmpty else {
            lines.append(self)
            return
        }
        lines.reserveCapacity(lines.count + breaks.count + 1)
        var start = 0
        for end in breaks {
            lines.append(String(substring(bytes: start..<end)))
            start = end + 1
        }
        lines.append(String(substring(bytes: start..<utf8.count)))
    }

    var trimmed: String {
        // Most texts start and end with a visible ASCII character: nothing to trim.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return self
        }
        // ASCII blanks at the ends (a block scalar's final line break): trimmed on bytes when the text they border
        // starts and ends with ASCII too, so every blank is a whitespace character of its own ("\r\n" is one, of two
        // blanks). Otherwise, by characters.
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start].isASCIIBlank { start = bytes.index(after: start) }
        while end > start, bytes[bytes.index(before: end)].isASCIIBlank { end = bytes.index(before: end) }
        if start == end || (bytes[start] < 0x80 && bytes[bytes.index(before: end)] < 0x80) {
            return String(self[start..<end])
        }
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
