import Foundation
import RaspKit
import RaspTerminal

/// The carrier: a logo placeholder, the name, and the site, e-mail and phone, each openable.
@MainActor
struct CarrierScreen {
    private var cursor = ListCursor()
    /// What the last opened link was, shown on the status row.
    private(set) var status: String?

    mutating func handle(_ key: Key, carrier: CarrierViewModel, opener: SystemOpener, hints: KeyHints) {
        let links = carrier.state.value?.links(carrier.strings) ?? []
        switch key {
        case .up: cursor.move(by: -1, count: links.count)
        case .down: cursor.move(by: 1, count: links.count)
        case .character("r"), .character("к"): if carrier.state.failure != nil || carrier.saved != nil { carrier.retry() }
        case .enter:
            cursor.clamp(count: links.count)
            guard links.indices.contains(cursor.index) else { return }
            let url = links[cursor.index].url
            status = hints.opening(url.absoluteString)
            opener.open(url)
        default: break
        }
    }

    mutating func draw(_ drawing: inout Drawing, carrier: CarrierViewModel) {
        let palette = drawing.palette
        drawing.title(carrier.title, back: true)
        let failed = carrier.state.failure != nil
        if !drawing.placeholder(for: carrier.state, strings: carrier.strings), let details = carrier.state.value {
            logo(&drawing, y: 2)
            drawing.text(details.title, x: 18, y: 3, palette.base.emphasised)
            if let address = details.address { drawing.text(address, x: 18, y: 4, palette.secondary) }
            let links = details.links(carrier.strings)
            cursor.clamp(count: links.count)
            var y = 8
            for (index, link) in links.enumerated() {
                drawing.text(link.title, x: 4, y: y, palette.secondary)
                drawing.text(link.value, x: 4, y: y + 1, palette.accent)
                if index == cursor.index {
                    drawing.highlight(row: y + 1, x: 2, width: drawing.width - 4, palette.selected)
                }
                y += 3
            }
            for line in wrap(details.contacts ?? "", width: drawing.width - 8) where !line.isEmpty {
                drawing.text(line, x: 4, y: y, palette.secondary)
                y += 1
            }
            for (offset, other) in carrier.otherMatches.enumerated() {
                drawing.text("· " + other.title, x: 4, y: y + 1 + offset, palette.secondary)
            }
        }
        if let saved = carrier.saved {
            drawing.text("\(saved.message) (r)", x: 2, y: drawing.canvas.height - 3, palette.alert)
        }
        if let status { drawing.text(status, x: 2, y: drawing.canvas.height - 2, palette.accent) }
        drawing.keyLine(failed ? drawing.hints.failure(key: "r") : drawing.hints.carrier)
    }

    /// A framed box where the app shows the carrier's logo (the logo itself is a remote image, not drawn here).
    private func logo(_ drawing: inout Drawing, y: Int) {
        let style = drawing.palette.secondary
        drawing.text("╭──────────╮", x: 2, y: y, style)
        for row in 1...3 { drawing.text("│          │", x: 2, y: y + row, style) }
        drawing.text("╰──────────╯", x: 2, y: y + 4, style)
        drawing.text(drawing.hints.logo, x: 3 + (10 - drawing.hints.logo.count) / 2, y: y + 2, style)
    }
}
