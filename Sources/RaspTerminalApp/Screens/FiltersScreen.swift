import RaspKit
import RaspTerminal

/// The filters: the four departure slots (several may be chosen), the transfer choice, and «Применить» while
/// the draft narrows the list or differs from what is applied.
@MainActor
struct FiltersScreen {
    private var cursor = ListCursor()

    /// One line of the list: a slot, a transfer choice, or the apply button.
    private enum Line: Hashable {
        case slot(DepartureSlot), transfer(TransferChoice), apply
    }

    private func lines(_ filters: FiltersViewModel) -> [Line] {
        filters.slotOptions.map { .slot($0.slot) } + filters.transferOptions.map { .transfer($0.choice) }
            + (filters.isApplyVisible ? [.apply] : [])
    }

    mutating func handle(_ key: Key, app: TerminalApp.Model) {
        guard let filters = app.filters else { return }
        let lines = lines(filters)
        switch key {
        case .up: cursor.move(by: -1, count: lines.count)
        case .down: cursor.move(by: 1, count: lines.count)
        case .character("a"), .character("ф"): app.applyFilters()
        case .enter, .character(" "):
            cursor.clamp(count: lines.count)
            switch lines[cursor.index] {
            case .slot(let slot): filters.toggle(slot)
            case .transfer(let choice): filters.select(choice)
            case .apply: app.applyFilters()
            }
        default: break
        }
    }

    mutating func draw(_ drawing: inout Drawing, filters: FiltersViewModel) {
        let palette = drawing.palette
        let lines = lines(filters)
        cursor.clamp(count: lines.count)
        drawing.title(filters.strings[.scheduleFiltersButton], back: true)
        drawing.text(filters.departureTitle, x: 2, y: 2, palette.base.emphasised)
        var y = 3
        for (offset, option) in filters.slotOptions.enumerated() {
            drawing.text((option.isSelected ? "[x] " : "[ ] ") + option.title, x: 4, y: y, palette.base)
            if cursor.index == offset { drawing.highlight(row: y, x: 2, width: drawing.width - 4, palette.selected) }
            y += 1
        }
        y += 1
        drawing.text(filters.transfersTitle, x: 2, y: y, palette.base.emphasised)
        y += 1
        for (offset, option) in filters.transferOptions.enumerated() {
            drawing.text((option.isSelected ? "(•) " : "( ) ") + option.title, x: 4, y: y, palette.base)
            if cursor.index == filters.slotOptions.count + offset {
                drawing.highlight(row: y, x: 2, width: drawing.width - 4, palette.selected)
            }
            y += 1
        }
        if lines.last == .apply {
            drawing.button(filters.applyTitle + " (a)", x: 4, y: y + 1, focused: cursor.index == lines.count - 1)
        }
        drawing.keyLine(drawing.hints.filters)
    }
}
