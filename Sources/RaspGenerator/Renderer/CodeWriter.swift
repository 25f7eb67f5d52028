/// Accumulates Swift source with four-space indentation, `\n` line endings and no trailing spaces.
///
/// The text is kept as UTF-8 bytes in one growing buffer (``ByteBuffer``): appending bytes costs a copy, where
/// appending to a `String` also checks and updates the string's storage flags each time.
struct CodeWriter {
    /// The UTF-8 bytes written so far.
    private var bytes = ByteBuffer()
    private var level: Int {
        didSet { indentation = String(repeating: "    ", count: level) }
    }
    /// The spaces `level` stands for, appended in one piece at the start of each line.
    private var indentation: String

    /// The text written so far.
    var text: String {
        String(decoding: utf8, as: UTF8.self)
    }

    /// The UTF-8 bytes written so far (valid UTF-8: every piece came from a `String`, and trimming only removes
    /// ASCII line breaks).
    var utf8: [UInt8] {
        bytes.array
    }

    /// ``utf8``, without copying the bytes: the writer is left empty.
    mutating func takeUTF8() -> [UInt8] {
        bytes.take()
    }

    /// A writer whose lines start `level` indentation steps in (text that another writer wraps in a block).
    init(level: Int = 0) {
        self.level = level
        indentation = String(repeating: "    ", count: level)
    }

    /// Writes one line at the current indentation (an empty string writes an empty line).
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            indent()
            write(content)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes one line made of pieces, each copied straight into the buffer: no string is made for the whole line
    /// (pieces that are all empty write an empty line).
    mutating func line(_ pieces: String...) {
        if pieces.contains(where: { !$0.isEmpty }) {
            indent()
            for piece in pieces { write(piece) }
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes one line whose content `content` writes with ``write(_:)`` (a list joined as it is written).
    mutating func line(writing content: (inout CodeWriter) -> Void) {
        indent()
        content(&self)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes the current indentation.
    private mutating func indent() {
        write(indentation)
    }

    /// Appends pieces to the line being written (by the closure of ``line(writing:)`` or
    /// ``block(writingHeader:_:)``).
    mutating func write(_ pieces: String...) {
        for piece in pieces { write(piece) }
    }

    /// Appends a string's UTF-8 bytes, in one copy when the string stores them contiguously (nearly always).
    mutating func write(_ text: String) {
        bytes.append(text)
    }

    /// Makes room for about `count` more bytes of text (the writer of a whole file knows its size).
    mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// Appends the UTF-8 bytes of text another writer produced (``utf8``: whole lines, already indented).
    mutating func append(bytes rendered: [UInt8]) {
        rendered.withUnsafeBufferPointer { bytes.append($0) }
    }

    /// Writes `header {` (the header's pieces one after another), the body one level deeper, then `}`.
    mutating func block(_ header: String..., body: (inout CodeWriter) -> Void) {
        block(writingHeader: { w in for piece in header { w.write(piece) } }, body)
    }

    /// Writes `header {`, with the header written by `header` through ``write(_:)``, the body one level deeper,
    /// then `}`.
    mutating func block(writingHeader header: (inout CodeWriter) -> Void, _ body: (inout CodeWriter) -> Void) {
        indent()
        header(&self)
        bytes.append(ascii: " {\n")
        level += 1
        body(&self)
        level -= 1
        line("}")
    }

    /// Writes the body's lines one level deeper.
    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// Writes `case a, b, c` lines, starting a new `case` line before one would pass 120 columns (a CodingKeys or
    /// enum case list reads as one declaration, not one line per key). A `doc` line goes before each `case` line
    /// (a doc comment documents every case of the declaration it precedes).
    mutating func caseLines(_ items: [String], doc: String? = nil) {
        listLines(items, prefix: "case ", doc: doc)
    }

    /// Writes items separated by `, ` on lines of at most 120 columns, each line starting with `prefix` (`var `
    /// declares several locals per line). With `continued`, every line but the last ends with a comma: one list
    /// spread over several lines (a call's arguments).
    mutating func listLines(_ items: [String], prefix: String, doc: String? = nil, continued: Bool = false) {
        let indentation = level * 4
        // The line being filled, as UTF-8 bytes.
        var current: [UInt8] = []
        func flush(last: Bool) {
            if let doc { line("/// " + doc) }
            indent()
            current.withUnsafeBufferPointer { bytes.append($0) }
            if continued && !last { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\n"))
        }
        func start(_ item: String) {
            current.removeAll(keepingCapacity: true)
            current.append(contentsOf: prefix.utf8)
            current.append(contentsOf: item.utf8)
        }
        for item in items {
            if current.isEmpty {
                start(item)
            } else if indentation + current.count + (continued ? 3 : 2) + item.utf8.count > 120 {
                flush(last: false)
                start(item)
            } else {
                current.append(contentsOf: ", ".utf8)
                current.append(contentsOf: item.utf8)
            }
        }
        if !current.isEmpty { flush(last: true) }
    }

    /// Writes `do {`, the body, `} catch {`, the handler (each one level deeper), then `}`.
    mutating func doCatch(_ body: (inout CodeWriter) -> Void, catch handler: (inout CodeWriter) -> Void) {
        line("do {")
        level += 1
        body(&self)
        level -= 1
        line("} catch {")
        level += 1
        handler(&self)
        level -= 1
        line("}")
    }

    /// Writes `switch subject {`, the cases at the same indentation as the `switch` (Swift style), then `}`.
    mutating func switchBlock(_ subject: String, _ cases: [String]) {
        line("switch \(subject) {")
        for item in cases { line(item) }
        line("}")
    }

    /// Writes a `///` doc comment line made of pieces (text with line breaks writes several lines).
    mutating func doc(_ pieces: String...) {
        if pieces.count == 1 {
            doc(text: pieces[0])
        } else if pieces.allSatisfy({ var piece = $0; return piece.withUTF8 { $0.isPrintableASCIIOrTab } }) {
            // One line: the pieces are written straight after `/// `.
            let start = startDocLine()
            for piece in pieces { write(piece) }
            endDocLine(start)
        } else {
            doc(text: pieces.joined())
        }
    }

    /// Writes `///` doc comment lines.
    mutating func doc(_ lines: [String]) {
        for text in lines { doc(text: text) }
    }

    /// Writes one text as `///` doc comment lines.
    private mutating func doc(text: String) {
        // Texts from the spec may still hold line breaks (summaries, CRLF descriptions): split them here. A
        // printable ASCII text (most of them) has none, and skips the Unicode-aware split.
        // The bytes are read once: checked, then written from the same buffer.
        var contiguous = text
        let written = contiguous.withUTF8 { bytes in
            guard bytes.isPrintableASCIIOrTab else { return false }
            docLine(bytes)
            return true
        }
        guard !written else { return }
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = String(line)
            line.withUTF8 { docLine($0) }
        }
    }

    /// Writes one `///` line of UTF-8 text, without its trailing spaces, tabs and carriage returns.
    private mutating func docLine(_ text: UnsafeBufferPointer<UInt8>) {
        let start = startDocLine()
        bytes.append(text)
        endDocLine(start)
    }

    /// Writes the indentation and `/// `; returns where the line's text starts.
    private mutating func startDocLine() -> Int {
        indent()
        bytes.append(ascii: "/// ")
        return bytes.count
    }

    /// Ends a doc line whose text starts at `start`: its trailing spaces, tabs and carriage returns go (bytes, not
    /// characters: such a byte at the end is always a character of its own, as "\r\n" ends in "\n"), an empty
    /// line is `///` without the space, then the line break.
    private mutating func endDocLine(_ start: Int) {
        while bytes.count > start, bytes[bytes.count - 1] == UInt8(ascii: " ")
                || bytes[bytes.count - 1] == UInt8(ascii: "\t") || bytes[bytes.count - 1] == UInt8(ascii: "\r") {
            bytes.removeLast()
        }
        if bytes.count == start { bytes.removeLast() }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Removes blank lines written last (before the end of a file).
    mutating func trimBlankLine() {
        // Text that ends in "\n\n" as characters: the byte before the pair is not a "\r" ("\r\n" is one character).
        let newline = UInt8(ascii: "\n")
        while bytes.count >= 2, bytes[bytes.count - 1] == newline, bytes[bytes.count - 2] == newline,
              bytes.count == 2 || bytes[bytes.count - 3] != UInt8(ascii: "\r") {
            bytes.removeLast()
        }
    }
}

/// A growing byte buffer whose append is one capacity check and one copy into room already there. The array's
/// elements past ``count`` are that room: initialized (to zero) when the array grows, and overwritten in place.
/// (``CodeWriter`` writes into one, and so does ``Fingerprint``.)
struct ByteBuffer {
    private var storage: [UInt8] = []
    /// How many bytes are written.
    private(set) var count = 0

    /// The written bytes, copied.
    var array: [UInt8] {
        Array(storage[..<count])
    }

    /// The written bytes, without a copy; the buffer is left empty.
    mutating func take() -> [UInt8] {
        storage.removeLast(storage.count - count)
        count = 0
        var taken: [UInt8] = []
        swap(&taken, &storage)
        return taken
    }

    /// Calls `body` with the written bytes.
    func withWrittenBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// Appends a string's UTF-8 bytes.
    mutating func append(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append($0) }
        if copied == nil {
            var native = text
            native.withUTF8 { append($0) }
        }
    }

    subscript(index: Int) -> UInt8 {
        precondition(index < count)
        return storage[index]
    }

    /// Makes room for `extra` more bytes.
    mutating func reserveCapacity(_ extra: Int) {
        if count + extra > storage.count { grow(to: count + extra) }
    }

    mutating func append(_ byte: UInt8) {
        if count == storage.count { grow(to: count + 1) }
        storage[count] = byte
        count += 1
    }

    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress, !source.isEmpty else { return }
        let end = count + source.count
        if end > storage.count { grow(to: end) }
        let offset = count
        storage.withUnsafeMutableBufferPointer { room in
            (room.baseAddress! + offset).update(from: base, count: source.count)
        }
        count = end
    }

    /// Appends a literal's bytes (the writer's own ASCII punctuation).
    mutating func append(ascii text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func removeLast() {
        precondition(count > 0)
        count -= 1
    }

    /// Reallocates the storage with room for at least `minimum` bytes (at least twice as many as before): the
    /// written bytes are copied, the rest zeroed.
    private mutating func grow(to minimum: Int) {
        let capacity = Swift.max(minimum, storage.count * 2, 256)
        let written = count
        let old = storage
        storage = [UInt8](unsafeUninitializedCapacity: capacity) { room, initialized in
            old.withUnsafeBufferPointer { old in
                if written > 0 { room.baseAddress!.initialize(from: old.baseAddress!, count: written) }
            }
            (room.baseAddress! + written).initialize(repeating: 0, count: capacity - written)
            initialized = capacity
        }
    }
}


extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is printable ASCII (0x20 to 0x7E) or a tab, tested eight bytes at a time: a word none of
    /// whose bytes can be outside that range passes at once, another is checked byte by byte.
    fileprivate var isPrintableASCIIOrTab: Bool {
        let isPrintable = { (byte: UInt8) in (byte >= 0x20 && byte < 0x7F) || byte == 0x09 }
        guard let base = baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // The lowest byte at or above 0x80, below 0x20 (it borrows when 0x20 is taken away) or equal to 0x7F
            // (zero once XORed with 0x7F) sets its high bit in one of these three; a set bit may be a false alarm,
            // which the byte check then clears.
            let belowSpace = (word &- 0x2020_2020_2020_2020) & ~word & highBits
            let delete = word ^ 0x7F7F_7F7F_7F7F_7F7F
            let isDelete = (delete &- 0x0101_0101_0101_0101) & ~delete & highBits
            if (word & highBits) | belowSpace | isDelete != 0 {
                for index in offset..<(offset + 8) where !isPrintable(self[index]) { return false }
            }
            offset += 8
        }
        while offset < count {
            if !isPrintable(self[offset]) { return false }
            offset += 1
        }
        return true
    }
}
