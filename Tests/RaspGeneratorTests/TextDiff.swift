/// A line-based unified diff (`diff -u` style), for failure messages that say what changed rather than dumping two
/// texts.
enum TextDiff {
    /// One line of an edit script: the same in both texts, only in the old one, or only in the new one.
    private struct Edit {
        /// `" "`, `"-"` or `"+"`, as a unified diff prefixes the line.
        var mark: Character
        var line: Substring
        /// How many old and new lines come before this one.
        var old: Int
        var new: Int
    }

    /// The unified diff of two texts, or an empty string when their lines are equal.
    /// - Parameters:
    ///   - old: The text as it was (a checked-in golden).
    ///   - new: The text as it is now (fresh output).
    ///   - oldName: The name on the `---` line.
    ///   - newName: The name on the `+++` line.
    ///   - context: Unchanged lines shown around each change.
    ///   - maxLines: Lines of hunks shown at most (headers not counted); the rest is counted in a last line.
    static func unified(from old: String, to new: String, oldName: String = "old", newName: String = "new",
                        context: Int = 3, maxLines: Int = 40) -> String {
        let edits = script(from: lines(old), to: lines(new))
        let changed = edits.indices.filter { edits[$0].mark != " " }
        guard let firstChange = changed.first else { return "" }
        // Changes closer than twice the context share a hunk.
        var groups: [ClosedRange<Int>] = []
        var start = firstChange, end = firstChange
        for index in changed.dropFirst() {
            if index - end > 2 * context {
                groups.append(start...end)
                start = index
            }
            end = index
        }
        groups.append(start...end)
        var body: [String] = []
        for group in groups {
            let hunk = edits[max(0, group.lowerBound - context)...min(edits.count - 1, group.upperBound + context)]
            let oldCount = hunk.filter { $0.mark != "+" }.count
            let newCount = hunk.filter { $0.mark != "-" }.count
            let first = hunk[hunk.startIndex]
            // As `diff -u` writes it: an empty side names the line before the hunk.
            let oldStart = oldCount == 0 ? first.old : first.old + 1
            let newStart = newCount == 0 ? first.new : first.new + 1
            body.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
            body += hunk.map { String($0.mark) + $0.line }
        }
        var text = "--- \(oldName)\n+++ \(newName)\n" + body.prefix(maxLines).joined(separator: "\n") + "\n"
        if body.count > maxLines {
            text += "… \(body.count - maxLines) more lines of diff\n"
        }
        return text
    }

    /// The lines of a text; a final newline does not start an empty last line.
    private static func lines(_ text: String) -> [Substring] {
        if text.isEmpty { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    /// The shortest edit script from one list of lines to another (the standard library's Myers difference, on what
    /// remains between the common first and last lines).
    private static func script(from old: [Substring], to new: [Substring]) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = old[prefix..<(old.count - suffix)]
        let newMiddle = new[prefix..<(new.count - suffix)]
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in newMiddle.difference(from: oldMiddle) {
            switch change {
            case .remove(let offset, _, _): removed.insert(prefix + offset)
            case .insert(let offset, _, _): inserted.insert(prefix + offset)
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                edits.append(Edit(mark: "-", line: old[i], old: i, new: j))
                i += 1
            } else if j < new.count, inserted.contains(j) {
                edits.append(Edit(mark: "+", line: new[j], old: i, new: j))
                j += 1
            } else {
                edits.append(Edit(mark: " ", line: old[i], old: i, new: j))
                i += 1
                j += 1
            }
        }
        return edits
    }
}
