/// Where the files of a multi-file document come from. The generator does no file I/O itself: the caller (the
/// command line, a test) hands it bytes.
public struct DocumentSource: Sendable {
    /// Returns a file's bytes, or nil when it cannot be read. The path is built by joining the referring file's
    /// folder with the `$ref`'s relative path, normalized (`a/./b/../c.yaml` → `a/c.yaml`).
    public var read: @Sendable (String) -> [UInt8]?

    /// Creates a source.
    public init(read: @escaping @Sendable (String) -> [UInt8]?) {
        self.read = read
    }

    /// No other files: a `$ref` to another file is an error.
    public static let none = DocumentSource { _ in nil }

    /// Files held in memory, by path (for tests and tools that already hold the files).
    public static func files(_ files: [String: String]) -> DocumentSource {
        DocumentSource { path in files[path].map { Array($0.utf8) } }
    }
}

/// The files of one document and the nodes its `$ref`s point to.
///
/// Each file is parsed once, when a `$ref` first names it, and gets the next file index (its nodes' marks carry
/// it). A reference is resolved relative to the file that contains it; while walking a JSON pointer, a node that is
/// itself a `$ref` is followed first (`#/components/schemas/X` where `components.schemas` is a `$ref` to an index
/// file), so every node has one canonical place: the file and pointer it is written at.
final class DocumentLoader {
    /// A node a reference points to, and where it is written.
    struct Target {
        var node: YAMLNode
        /// The file index.
        var file: Int
        /// The pointer tokens within that file, unescaped.
        var tokens: [String]

        /// `FILE#/a/b`: equal for two references exactly when they reach the same node.
        var key: String {
            var key = "\(file)#"
            for token in tokens { Self.appendToken(token, to: &key) }
            return key
        }

        /// Appends `/token` to a ``key``: the key of the node at `token` in the node the key is for.
        static func appendToken(_ token: String, to key: inout String) {
            key += "/"
            // Nearly every token is a plain name: escape only the rare one that needs it.
            if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                key += token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            } else {
                key += token
            }
        }
    }

    /// The path of every file read, by file index; the root document first.
    private(set) var paths: [String]
    private var roots: [YAMLNode]
    private var indexByPath: [String: Int]
    private let source: DocumentSource
    private var cache: [Reference: Target] = [:]
    /// The folder of each file, by file index: a number per distinct folder (``folderByPath``).
    private var folderOfFile: [Int]
    private var folderByPath: [String: Int]
    /// Each folder, by number: the path a relative reference made in one of its files starts with.
    private var folders: [String]
    /// The file index of each file part of a reference already loaded, by the folder of the file it is written in
    /// (the reference's `file` is that folder's number): a relative path names the same file from every file of a
    /// folder, and the files of one folder repeat the same paths, which are then joined and normalized once.
    private var fileByReference: [Reference: Int] = [:]
    /// OpenAPI 3.2 `$self` of the root document, without a fragment: a reference to it, or to a URI in its folder,
    /// names the root document or a file beside it.
    private(set) var selfURI: String?
    /// The first YAML error of each file read that has one, by file index.
    private var parseErrors: [Int: Diagnostic] = [:]
    /// Every YAML error of the files read so far after the root (a reference into such a file fails with its first).
    private(set) var fileErrors: [Diagnostic] = []
    /// What reading the files so far warned about (a lone surrogate escape in a JSON string).
    var readWarnings: [Diagnostic] = []

    /// A reference as written, and the file it is written in (relative paths start there). The text is compared by
    /// code points, as mapping keys are. The hash is computed once, when the reference is made: the caches keyed by
    /// references rehash every key each time they grow, and a stored hash spares reading each key's text again.
    struct Reference: Hashable {
        let file: Int
        let text: String
        private let hash: Int

        init(file: Int, text: String) {
            self.file = file
            self.text = text
            var hasher = Hasher()
            hasher.combine(file)
            hasher.combine(CodePointKey(text: text))
            hash = hasher.finalize()
        }

        static func == (lhs: Reference, rhs: Reference) -> Bool {
            lhs.hash == rhs.hash && lhs.file == rhs.file && lhs.text.hasSameCodePoints(as: rhs.text)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    /// The YAML errors of a file, all of them (a duplicate key does not end the parse): a file with any is not read.
    struct ReadFailure: Error {
        var errors: [Diagnostic]
    }

    /// Parses the root document.
    /// - Throws: ``ReadFailure`` for YAML errors.
    init(rootPath: String, bytes: [UInt8], source: DocumentSource) throws {
        let path = Self.normalized(rootPath)
        paths = [path]
        var errors: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        let root = YAMLParser().parse(bytes, file: 0, errors: &errors, warnings: &warnings)
        readWarnings = warnings
        guard let root, errors.isEmpty else { throw ReadFailure(errors: errors) }
        roots = [root]
        if let text = root.mapping?["$self"]?.scalar?.value {
            selfURI = String(text.prefix { $0 != "#" })
        }
        indexByPath = [path: 0]
        folderOfFile = [0]
        folders = [Self.folder(of: path)]
        folderByPath = [folders[0]: 0]
        self.source = source
    }

    /// The root node of a file.
    func root(_ file: Int) -> YAMLNode {
        roots[file]
    }

    /// Applied to the root of every file read after the first, as it is read (a Swagger 2.0 document's other files
    /// hold 2.0 schemas, read in their OpenAPI 3.0 form).
    var otherFileTransform: ((YAMLNode) -> YAMLNode)?

    /// How a reference written in the root document is named in messages: a Swagger 2.0 document's references are
    /// named as the document writes them (`#/definitions/Pet`), not as its OpenAPI 3.0 form moved them.
    var rootReferenceSpelling: ((String) -> String)?

    /// A reference as its document writes it, for a message about the reference at `mark`.
    func spelling(of ref: String, at mark: Mark) -> String {
        guard mark.file == 0, let rootReferenceSpelling else { return ref }
        return rootReferenceSpelling(ref)
    }

    /// Puts another tree in the place of the root document's (its OpenAPI 3.0 form, for a Swagger 2.0 document);
    /// the references resolved so far are forgotten.
    func replaceRoot(_ root: YAMLNode) {
        roots[0] = root
        cache.removeAll()
    }

    /// Finds the node a `$ref` points to.
    /// - Parameters:
    ///   - ref: The reference as written: `#/pointer`, `file.yaml`, `file.yaml#/pointer`.
    ///   - mark: Where the reference is written (its file is the one relative paths start from).
    /// - Throws: ``Diagnostic`` at `mark` when the file cannot be read or the pointer reaches nothing.
    func resolve(_ ref: String, at mark: Mark) throws -> Target {
        try resolve(Reference(file: mark.file, text: ref), at: mark)
    }

    /// ``resolve(_:at:)`` for a reference already made (its file is `mark`'s).
    func resolve(_ reference: Reference, at mark: Mark) throws -> Target {
        if let cached = cache[reference] { return cached }
        // The references on the way, to find a cycle: nearly always one or two, so a list, not a set.
        var visiting: [Reference] = []
        let target = try resolve(reference, at: mark, visiting: &visiting)
        cache[reference] = target
        return target
    }

    private func resolve(_ reference: Reference, at mark: Mark, visiting: inout [Reference]) throws -> Target {
        let ref = reference.text
        guard !visiting.contains(reference), visiting.count < 63 else {
            throw Diagnostic(.error, "$ref cycle: '\(ref)' refers back to itself", at: mark)
        }
        visiting.append(reference)
        // The `#` found with `memchr` on the UTF-8 buffer (a search of the UTF-8 view steps through it by index).
        var text = ref
        let hashOffset = text.withUTF8 { $0.firstOffset(of: UInt8(ascii: "#"), from: 0) }
        let hash = hashOffset.map { ref.utf8.index(ref.utf8.startIndex, offsetBy: $0) }
        let filePart = String(ref[..<(hash ?? ref.endIndex)])
        let pointer = hash.map { String(ref[ref.utf8.index(after: $0)...]) } ?? ""
        let file: Int
        if let local = localPath(filePart) {
            file = local.isEmpty ? 0 : try load(local, ref: ref, at: mark, folderOf: 0)
        } else {
            file = filePart.isEmpty ? mark.file : try load(filePart, ref: ref, at: mark)
        }
        var target = Target(node: roots[file], file: file, tokens: [])
        guard !pointer.isEmpty else { return target }
        guard pointer.hasPrefix("/") else { throw notFound(ref, in: file, at: mark) }
        // The tokens between slashes (empty ones included), cut one by one from the UTF-8 buffer (as byte offsets,
        // which are character boundaries next to an ASCII slash): no array of them is made.
        var pointerText = pointer
        let byteCount = pointerText.utf8.count
        var tokenStart = 1
        while true {
            let tokenEnd = pointerText.withUTF8 { $0.firstOffset(of: UInt8(ascii: "/"), from: tokenStart) } ?? byteCount
            let key = pointerText.withUTF8 { bytes in
                DocumentParser.unescapePointer(UnsafeBufferPointer(rebasing: bytes[tokenStart..<tokenEnd]))
            }
            // A reference on the way is followed before stepping into it.
            if case .mapping(let map) = target.node, key != "$ref", let refNode = map["$ref"],
               case .scalar(let inner) = refNode {
                let innerReference = Reference(file: refNode.mark.file, text: inner.value)
                target = try resolve(innerReference, at: refNode.mark, visiting: &visiting)
            }
            switch target.node {
            case .mapping(let map):
                guard let next = map[key] else { throw notFound(ref, in: file, at: mark) }
                target.node = next
            case .sequence(let sequence):
                guard let index = Int(key), sequence.items.indices.contains(index) else {
                    throw notFound(ref, in: file, at: mark)
                }
                target.node = sequence.items[index]
            case .scalar:
                throw notFound(ref, in: file, at: mark)
            }
            target.tokens.append(key)
            guard tokenEnd != byteCount else { break }
            tokenStart = tokenEnd + 1
        }
        return target
    }

    private func notFound(_ ref: String, in file: Int, at mark: Mark) -> Diagnostic {
        let place = file == 0 ? "this document" : "'\(paths[file])'"
        return Diagnostic(.error, "$ref '\(spelling(of: ref, at: mark))' does not point to anything in \(place)",
                          at: mark)
    }

    /// A URI the root's `$self` resolves to a file of the document: "" for the root itself, the path relative to the
    /// root's folder for a URI in the same folder (or below it); nil for any other reference.
    private func localPath(_ filePart: String) -> String? {
        guard let selfURI, !filePart.isEmpty, filePart.contains(":") else { return nil }
        if filePart == selfURI { return "" }
        guard let slash = selfURI.lastIndex(of: "/") else { return nil }
        let base = selfURI[...slash]
        return filePart.hasPrefix(base) ? String(filePart.dropFirst(base.count)) : nil
    }

    /// The index of the file a reference names, parsing it the first time.
    /// - Parameter folderOf: The file whose folder a relative path starts from (default: the one `mark` is in).
    private func load(_ relative: String, ref: String, at mark: Mark, folderOf: Int? = nil) throws -> Int {
        let referring = folderOf ?? mark.file
        let reference = Reference(file: folderOfFile[referring], text: relative)
        if let index = fileByReference[reference] { return try readable(index) }
        let index = try loadFile(relative, ref: ref, at: mark, folderOf: referring)
        fileByReference[reference] = index
        return try readable(index)
    }

    /// The index of a file read, or its YAML error again when it could not be parsed (every reference to it fails
    /// with the same error, which a collector then keeps once).
    private func readable(_ index: Int) throws -> Int {
        if let error = parseErrors[index] { throw error }
        return index
    }

    /// ``load(_:ref:at:)`` the first time a folder's files name a relative path.
    private func loadFile(_ relative: String, ref: String, at mark: Mark, folderOf referring: Int) throws -> Int {
        // One look at the bytes for both a URL's `://` and a `%` escape (each found with `memchr`).
        var relativeText = relative
        let (isRemote, isEncoded) = relativeText.withUTF8 { bytes in
            var colon = bytes.firstOffset(of: UInt8(ascii: ":"), from: 0)
            var isRemote = false
            while let found = colon, !isRemote {
                isRemote = found + 2 < bytes.count && bytes[found + 1] == UInt8(ascii: "/")
                    && bytes[found + 2] == UInt8(ascii: "/")
                colon = bytes.firstOffset(of: UInt8(ascii: ":"), from: found + 1)
            }
            return (isRemote, bytes.firstOffset(of: UInt8(ascii: "%"), from: 0) != nil)
        }
        if isRemote {
            throw Diagnostic(.error, "remote $ref '\(ref)' is not supported; expected a file path or a '#/' reference",
                             at: mark)
        }
        // File names in `$ref`s may be URL-encoded, as pointer tokens may (``DocumentParser/unescapePointer(_:)``).
        let decoded = isEncoded ? relative.removingPercentEncoding ?? relative : relative
        let referringFolder = folderOfFile[referring]
        let folder = decoded.hasPrefix("/") ? "" : folders[referringFolder]
        let (path, folderLength) = Self.normalized(folder, decoded)
        // One hash both finds a file read before and records a new one (taken back if it cannot be read).
        let index = Self.valueOrInsert(&indexByPath[path, default: paths.count])
        guard index == paths.count else { return index }
        guard let bytes = source.read(path) else {
            indexByPath[path] = nil
            let message = "$ref '\(ref)' names a file that cannot be read "
                + "(paths are relative to the file the $ref is in)"
            throw Diagnostic(.error, message, at: mark)
        }
        paths.append(path)
        // The folder's number: the referring file's when the path starts with that folder and has no more, else
        // the number recorded for the folder, or the next one for a folder no file read so far is in.
        if !folder.isEmpty, folderLength == folder.utf8.count, Self.hasPrefix(path, folder) {
            folderOfFile.append(referringFolder)
        } else {
            let fileFolder = String(path[..<path.utf8.index(path.utf8.startIndex, offsetBy: folderLength)])
            let folderNumber = Self.valueOrInsert(&folderByPath[fileFolder, default: folders.count])
            folderOfFile.append(folderNumber)
            if folderNumber == folders.count { folders.append(fileFolder) }
        }
        // A file with YAML errors keeps its place (its errors' marks carry its index) and is not read.
        var errors: [Diagnostic] = []
        let root = YAMLParser().parse(bytes, file: index, errors: &errors, warnings: &readWarnings)
        let read = root.map { otherFileTransform?($0) ?? $0 }
        roots.append(read ?? .scalar(YAMLScalar(value: "", mark: Mark(line: 1, column: 1, file: index))))
        if let first = errors.first {
            parseErrors[index] = first
            fileErrors += errors
        }
        return index
    }

    /// The value a dictionary's `subscript(_:default:)` holds, called with that subscript `inout` so that the default
    /// is stored when the key was missing: one hash finds or inserts the key.
    private static func valueOrInsert(_ value: inout Int) -> Int {
        value
    }

    /// Whether `text`'s UTF-8 bytes start with `prefix`'s.
    private static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        var text = text
        var prefix = prefix
        return text.withUTF8 { bytes in
            prefix.withUTF8 { prefix in
                prefix.count <= bytes.count
                    && UnsafeBufferPointer(rebasing: bytes[..<prefix.count]).elementsEqual(prefix)
            }
        }
    }

    /// The folder part of a path, with its trailing `/` (empty for a bare file name).
    static func folder(of path: String) -> String {
        var path = path
        // The offset just past the last slash, found from the end of the UTF-8 buffer.
        let end = path.withUTF8 { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] != UInt8(ascii: "/") { end -= 1 }
            return end
        }
        guard end > 0 else { return "" }
        return String(path[...path.utf8.index(path.utf8.startIndex, offsetBy: end - 1)])
    }

    /// `a/./b/../c` → `a/c`; leading `..` that cannot be resolved are kept, as is a leading `/`.
    static func normalized(_ path: String) -> String {
        normalized("", path).path
    }

    /// `folder` followed by `relative`, normalized as ``normalized(_:)`` does, and the length in UTF-8 bytes of the
    /// result's folder part (through its last `/`; 0 for a bare file name).
    ///
    /// The two are copied into the result's storage, which is then normalized in place: a part never moves right
    /// (each `/` written stands for at least one `/` read), and no array of parts is made.
    static func normalized(_ folder: String, _ relative: String) -> (path: String, folderLength: Int) {
        var folder = folder
        var relative = relative
        var folderLength = 0
        let path = folder.withUTF8 { head in
            relative.withUTF8 { tail in
                String(unsafeUninitializedCapacity: head.count + tail.count) { bytes in
                    let count = normalizeInPlace(bytes, head: head, tail: tail)
                    var end = count
                    while end > 0, bytes[end - 1] != UInt8(ascii: "/") { end -= 1 }
                    folderLength = end
                    return count
                }
            }
        }
        return (path, folderLength)
    }

    /// Copies `head` and `tail` into `bytes` and normalizes them there; returns the normalized length.
    private static func normalizeInPlace(_ bytes: UnsafeMutableBufferPointer<UInt8>, head: UnsafeBufferPointer<UInt8>,
                                         tail: UnsafeBufferPointer<UInt8>) -> Int {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        let total = head.count + tail.count
        guard total > 0 else { return 0 }
        guard let base = bytes.baseAddress else { return 0 }
        if let start = head.baseAddress { base.initialize(from: start, count: head.count) }
        if let start = tail.baseAddress { (base + head.count).initialize(from: start, count: tail.count) }
        let written = UnsafeBufferPointer(bytes)
        // Bytes `0..<root` are the leading `/` of an absolute path; the parts written follow, joined by one `/`.
        let root = bytes[0] == slash ? 1 : 0
        var count = root
        var partCount = 0
        var start = 0
        while start <= total {
            let end = written.firstOffset(of: slash, from: start) ?? total
            let length = end - start
            let partStart = start
            start = end + 1
            if length == 0 || (length == 1 && bytes[partStart] == dot) { continue }
            if length == 2, bytes[partStart] == dot, bytes[partStart + 1] == dot, partCount > 0 {
                // The last part written, unless it is a `..` itself, goes with this one.
                let lastIsDotDot = count - root >= 2 && bytes[count - 1] == dot && bytes[count - 2] == dot
                    && (count - 2 == root || bytes[count - 3] == slash)
                if !lastIsDotDot {
                    var cut = count
                    while cut > root, bytes[cut - 1] != slash { cut -= 1 }
                    count = cut > root ? cut - 1 : root
                    partCount -= 1
                    continue
                }
            }
            if partCount > 0 {
                bytes[count] = slash
                count += 1
            }
            if count == partStart {
                // Nothing removed so far: the part is in place already.
                count = end
            } else {
                for offset in partStart..<end {
                    bytes[count] = bytes[offset]
                    count += 1
                }
            }
            partCount += 1
        }
        return count
    }
}
