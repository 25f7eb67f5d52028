/// Makes strings that match a regular expression, for a mock's values of a schema with a `pattern`: the pattern is
/// read into a tree (literals, escapes, classes, groups with alternatives, quantifiers) and each sample takes the first
/// alternative and the first character of each class, repeating each quantified part its least number of times plus
/// an amount (so that a length bound can be met). Patterns with lookarounds or back-references give no sample.
struct PatternSample {
    private indirect enum Node {
        /// One of these characters.
        case characters(Character)
        /// A sequence of nodes, each repeated between `min` and `max` times (nil: no bound).
        case sequence([(node: Node, min: Int, max: Int?)])
        /// The first alternative is used.
        case alternatives([Node])
    }

    private let root: Node

    /// Reads `pattern`; nil when it uses what this reader does not model.
    init?(_ pattern: String) {
        var parser = Parser(characters: Array(pattern))
        guard let root = parser.alternatives(), parser.index == parser.characters.count else { return nil }
        self.root = root
    }

    /// A sample where each quantified part repeats `extra` more times than its least (within its bound).
    func sample(extra: Int) -> String {
        var text = ""
        write(root, extra: extra, into: &text)
        return text
    }

    private func write(_ node: Node, extra: Int, into text: inout String) {
        switch node {
        case .characters(let character): text.append(character)
        case .alternatives(let options): if let first = options.first { write(first, extra: extra, into: &text) }
        case .sequence(let items):
            for item in items {
                let count = item.max.map { min($0, item.min + extra) } ?? item.min + extra
                for _ in 0..<count { write(item.node, extra: extra, into: &text) }
            }
        }
    }

    private struct Parser {
        let characters: [Character]
        var index = 0

        mutating func alternatives() -> Node? {
            var options: [Node] = []
            while true {
                guard let sequence = sequence() else { return nil }
                options.append(sequence)
                guard index < characters.count, characters[index] == "|" else { break }
                index += 1
            }
            return options.count == 1 ? options[0] : .alternatives(options)
        }

        mutating func sequence() -> Node? {
            var items: [(node: Node, min: Int, max: Int?)] = []
            while index < characters.count, characters[index] != "|", characters[index] != ")" {
                let character = characters[index]
                index += 1
                var atom: Node
                switch character {
                case "^", "$": continue
                case "(":
                    if index < characters.count, characters[index] == "?" {
                        // Only a non-capturing group `(?:` is modelled.
                        guard index + 1 < characters.count, characters[index + 1] == ":" else { return nil }
                        index += 2
                    }
                    guard let inner = alternatives(), index < characters.count, characters[index] == ")" else {
                        return nil
                    }
                    index += 1
                    atom = inner
                case "[":
                    guard let chosen = characterClass() else { return nil }
                    atom = .characters(chosen)
                case "\\":
                    guard let chosen = escape(inClass: false) else { return nil }
                    atom = .characters(chosen)
                case ".": atom = .characters("a")
                case "*", "+", "?", "{": return nil
                default: atom = .characters(character)
                }
                guard let (low, high) = quantifier() else { return nil }
                items.append((atom, low, high))
            }
            return .sequence(items)
        }

        /// The bounds of the quantifier after an atom (`{1,1}` when there is none); nil for a malformed one.
        mutating func quantifier() -> (Int, Int?)? {
            guard index < characters.count else { return (1, 1) }
            var bounds: (Int, Int?)
            switch characters[index] {
            case "*": bounds = (0, nil); index += 1
            case "+": bounds = (1, nil); index += 1
            case "?": bounds = (0, 1); index += 1
            case "{":
                guard let close = characters[index...].firstIndex(of: "}") else { return nil }
                let parts = String(characters[(index + 1)..<close])
                    .split(separator: ",", omittingEmptySubsequences: false)
                guard let low = Int(parts[0]) else { return nil }
                switch parts.count {
                case 1: bounds = (low, low)
                case 2: bounds = (low, parts[1].isEmpty ? nil : Int(parts[1]))
                default: return nil
                }
                index = close + 1
            default: return (1, 1)
            }
            // A lazy or possessive mark changes nothing for a sample.
            if index < characters.count, characters[index] == "?" || characters[index] == "+" { index += 1 }
            return bounds
        }

        /// The first character a class allows (`[a-z0-9_]`: `a`); for a negated class, a common character it does
        /// not exclude.
        mutating func characterClass() -> Character? {
            var negated = false
            if index < characters.count, characters[index] == "^" {
                negated = true
                index += 1
            }
            var ranges: [ClosedRange<Character>] = []
            var first = true
            while index < characters.count, characters[index] != "]" || first {
                first = false
                var low = characters[index]
                index += 1
                if low == "\\" {
                    guard let escaped = escape(inClass: true) else { return nil }
                    low = escaped
                }
                if index + 1 < characters.count, characters[index] == "-", characters[index + 1] != "]" {
                    var high = characters[index + 1]
                    index += 2
                    if high == "\\" {
                        guard let escaped = escape(inClass: true) else { return nil }
                        high = escaped
                    }
                    guard low <= high else { return nil }
                    ranges.append(low...high)
                } else {
                    ranges.append(low...low)
                }
            }
            guard index < characters.count else { return nil }
            index += 1
            if !negated { return ranges.first?.lowerBound }
            return Array("aA0-_ .").first { character in !ranges.contains { $0.contains(character) } }
        }

        /// A character an escape stands for (`\d`: `0`); nil for a back-reference or an unknown escape.
        mutating func escape(inClass: Bool) -> Character? {
            guard index < characters.count else { return nil }
            let character = characters[index]
            index += 1
            switch character {
            case "d": return "0"
            case "w", "D", "S": return "a"
            case "W": return "-"
            case "s": return " "
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "b": return inClass ? "\u{8}" : nil
            case "u", "x":
                let digits = character == "u" ? 4 : 2
                guard index + digits <= characters.count,
                      let code = UInt32(String(characters[index..<(index + digits)]), radix: 16),
                      let scalar = Unicode.Scalar(code) else { return nil }
                index += digits
                return Character(scalar)
            case _ where character.isLetter || character.isNumber: return nil
            default: return character
            }
        }
    }
}
