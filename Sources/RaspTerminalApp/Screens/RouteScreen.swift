import RaspKit
import RaspTerminal

/// The route screen: the stories strip, «Откуда», the swap control, «Куда», and «Найти» once both are set.
@MainActor
struct RouteScreen {
    /// What the keyboard is on.
    enum Field: Sendable, Hashable {
        case stories, from, swap, to, find
    }

    private(set) var focus: Field = .from
    private var story = ListCursor()

    /// The fields in order; the strip only when there are stories, «Найти» only when the route can be searched.
    private func fields(_ route: RouteViewModel) -> [Field] {
        (route.stories.isEmpty ? [] : [.stories]) + [.from, .swap, .to] + (route.canSearch ? [.find] : [])
    }

    mutating func handle(_ key: Key, app: TerminalApp.Model) {
        let route = app.route
        let order = fields(route)
        if !order.contains(focus) { focus = .from }
        let position = order.firstIndex(of: focus) ?? 0
        switch key {
        case .up, .backTab: focus = order[max(0, position - 1)]
        case .down: focus = order[min(order.count - 1, position + 1)]
        case .left where focus == .stories: story.move(by: -1, count: route.stories.count)
        case .right where focus == .stories: story.move(by: 1, count: route.stories.count)
        case .character("s"), .character("ы"): route.swap()
        case .enter, .character(" "):
            switch focus {
            case .stories: app.openStories(at: story.index)
            case .from: app.pickPoint(.from)
            case .to: app.pickPoint(.to)
            case .swap: route.swap()
            case .find: app.search()
            }
        default: break
        }
    }

    mutating func draw(_ drawing: inout Drawing, app: TerminalApp.Model) {
        let route = app.route
        let palette = drawing.palette
        drawing.title(app.title(of: .schedule), back: false)
        if !fields(route).contains(focus) { focus = .from }
        var x = 2
        story.clamp(count: route.stories.count)
        for (index, preview) in route.stories.enumerated() {
            let label = (preview.isViewed ? "○ " : "◉ ") + preview.story.title
            let style = preview.isViewed ? palette.secondary : palette.accent
            let written = drawing.text(label, x: x, y: 2, style, maxWidth: 26)
            if focus == .stories && index == story.index {
                drawing.highlight(row: 2, x: x, width: written, palette.selected)
            }
            x += written + 3
        }
        field(&drawing, route: route, end: .from, y: 5)
        drawing.text("⇅ " + route.strings[.routeSwap], x: 4, y: 7, focus == .swap ? palette.selected : palette.accent)
        field(&drawing, route: route, end: .to, y: 9)
        if route.canSearch {
            drawing.button(route.searchTitle, x: 4, y: 12, focused: focus == .find)
        }
        drawing.keyLine(drawing.hints.route)
    }

    private func field(_ drawing: inout Drawing, route: RouteViewModel, end: RouteEnd, y: Int) {
        let palette = drawing.palette
        let style = route.isPlaceholder(end) ? palette.secondary : palette.base
        drawing.text("│", x: 2, y: y, palette.accent)
        drawing.text(route.title(for: end), x: 4, y: y, style)
        if focus == (end == .from ? .from : .to) {
            drawing.highlight(row: y, x: 4, width: drawing.width - 6, palette.selected)
        }
    }
}
