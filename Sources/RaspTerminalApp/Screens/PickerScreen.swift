import RaspKit
import RaspTerminal

/// The city and station pickers: a search field that filters as you type, the results under it, and the
/// picker's loading, empty and failure states.
@MainActor
struct PickerScreen<Item: Sendable & Hashable & Identifiable> {
    /// How a result is shown: its title and a secondary note.
    let describe: (Item) -> (title: String, note: String?)
    private var cursor = ListCursor()

    init(describe: @escaping (Item) -> (title: String, note: String?)) {
        self.describe = describe
    }

    /// Applies a key; `choose` receives the highlighted item on Enter.
    mutating func handle(_ key: Key, picker: PlacePickerViewModel<Item>, choose: (Item) -> Void) {
        let items = picker.state.value ?? []
        switch key {
        case .character(let character): picker.query.append(character)
        case .backspace: if !picker.query.isEmpty { picker.query.removeLast() }
        case .control("u"): picker.query = ""
        case .up: cursor.move(by: -1, count: items.count)
        case .down: cursor.move(by: 1, count: items.count)
        case .pageUp: cursor.move(by: -10, count: items.count)
        case .pageDown: cursor.move(by: 10, count: items.count)
        case .control("r"): picker.retry()
        case .enter:
            cursor.clamp(count: items.count)
            if items.indices.contains(cursor.index) { choose(items[cursor.index]) }
        default: break
        }
        if case .character = key { cursor = ListCursor() }
        if key == .backspace { cursor = ListCursor() }
    }

    mutating func draw(_ drawing: inout Drawing, picker: PlacePickerViewModel<Item>, strings: RaspKit.Strings) {
        let palette = drawing.palette
        drawing.title(picker.title, back: true)
        drawing.text("⌕", x: 2, y: 2, palette.secondary)
        if picker.query.isEmpty {
            drawing.text(picker.searchPlaceholder, x: 4, y: 2, palette.secondary)
        } else {
            let written = drawing.text(picker.query, x: 4, y: 2, palette.base)
            drawing.text("▏", x: 4 + written, y: 2, palette.accent)
        }
        drawing.canvas.fill(x: 2, y: 3, width: drawing.width - 4, height: 1, with: Cell("─", style: palette.secondary))
        let failed = picker.state.failure != nil
        if !drawing.placeholder(for: picker.state, strings: strings, retryKey: "Ctrl-R") {
            let items = picker.state.value ?? []
            let top = 4, height = drawing.canvas.height - 1 - top
            for (row, index) in cursor.visible(height: height, count: items.count).enumerated() {
                let (title, note) = describe(items[index])
                let written = drawing.text(title, x: 4, y: top + row, palette.base)
                if let note { drawing.text(note, x: 6 + written, y: top + row, palette.secondary) }
                if index == cursor.index {
                    drawing.highlight(row: top + row, x: 2, width: drawing.width - 4, palette.selected)
                }
            }
        }
        drawing.keyLine(failed ? drawing.hints.failure(key: "Ctrl-R") : drawing.hints.picker)
    }
}
