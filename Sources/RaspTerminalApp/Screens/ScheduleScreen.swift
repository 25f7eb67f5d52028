import RaspKit
import RaspTerminal

/// The schedule: the trips with carrier, times, duration and transfer note, loaded page by page as the
/// highlight nears the end, and «Уточнить время» with a marker while filters are on.
@MainActor
struct ScheduleScreen {
    private var cursor = ListCursor()
    /// Rows each trip takes.
    private static let tripHeight = 3

    mutating func handle(_ key: Key, app: TerminalApp.Model) {
        guard let schedule = app.schedule else { return }
        let rows = schedule.state.value ?? []
        switch key {
        case .up: cursor.move(by: -1, count: rows.count)
        case .down: cursor.move(by: 1, count: rows.count)
        case .pageUp: cursor.move(by: -5, count: rows.count)
        case .pageDown: cursor.move(by: 5, count: rows.count)
        case .character("f"), .character("а"): app.openFilters()
        case .character("r"), .character("к"):
            let failed = schedule.state.failure != nil || schedule.loadMoreFailure != nil
            if failed { schedule.retry() } else { schedule.reload() }
        case .enter:
            if rows.indices.contains(cursor.index) { app.openCarrier(of: rows[cursor.index]) }
        default: break
        }
        if rows.indices.contains(cursor.index) { schedule.loadMoreIfNeeded(currentRow: rows[cursor.index]) }
    }

    mutating func draw(_ drawing: inout Drawing, schedule: ScheduleViewModel) {
        let palette = drawing.palette
        drawing.title(schedule.title, back: true)
        let bottom = drawing.canvas.height - 3
        let failed = schedule.state.failure != nil
        if !drawing.placeholder(for: schedule.state, strings: schedule.strings) {
            let rows = schedule.state.value ?? []
            let top = drawing.contentTop
            let fits = max(1, (bottom - top) / Self.tripHeight)
            var y = top
            for index in cursor.visible(height: fits, count: rows.count) {
                trip(&drawing, rows[index], y: y, selected: index == cursor.index)
                y += Self.tripHeight
            }
            if schedule.isLoadingMore {
                drawing.text(schedule.strings[.loading], x: 2, y: min(y, bottom - 1), palette.secondary)
            } else if let failure = schedule.loadMoreFailure {
                drawing.text("\(failure.title): \(failure.retryTitle) (r)", x: 2, y: min(y, bottom - 1), palette.alert)
            }
        }
        // A saved answer shown because the server could not be reached: its age, above the button (r tries again).
        if let saved = schedule.saved { drawing.text("\(saved.message) (r)", x: 2, y: bottom - 1, palette.alert) }
        let written = drawing.text(" \(schedule.filtersButtonTitle) (f) ", x: 2, y: bottom, palette.button)
        // The marker of the design's button: a red dot while filters narrow the list.
        if schedule.filtersAreActive { drawing.text("●", x: 3 + written, y: bottom, palette.alert) }
        drawing.keyLine(failed ? drawing.hints.failure(key: "r") : drawing.hints.schedule)
    }

    private func trip(_ drawing: inout Drawing, _ row: TripRow, y: Int, selected: Bool) {
        let palette = drawing.palette
        let carrier = drawing.text(row.carrierTitle, x: 2, y: y, palette.base.emphasised)
        drawing.text(row.number, x: 4 + carrier, y: y, palette.secondary)
        if let date = row.dateText { drawing.text(date, x: drawing.width - 2 - date.count, y: y, palette.secondary) }
        var x = 2
        x += drawing.text(row.departureText, x: x, y: y + 1, palette.base.emphasised)
        x += drawing.text(" ── \(row.durationText) ── ", x: x, y: y + 1, palette.secondary)
        x += drawing.text(row.arrivalText, x: x, y: y + 1, palette.base.emphasised)
        if let note = row.transferNote { drawing.text(note, x: x + 3, y: y + 1, palette.alert) }
        if selected {
            drawing.highlight(row: y, x: 1, width: drawing.width - 2, palette.selected)
            drawing.highlight(row: y + 1, x: 1, width: drawing.width - 2, palette.selected)
        }
    }
}
