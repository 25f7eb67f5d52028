import RaspKit
import RaspTerminal

/// The settings: the theme (light, dark, system; persisted), the user agreement, the API notice with its
/// attribution, and the version.
@MainActor
struct SettingsScreen {
    private var cursor = ListCursor()

    mutating func handle(_ key: Key, app: TerminalApp.Model) {
        let settings = app.settings
        let count = settings.themeOptions.count + 1
        switch key {
        case .up: cursor.move(by: -1, count: count)
        case .down: cursor.move(by: 1, count: count)
        case .character("r"), .character("к"): if settings.attribution.failure != nil { settings.retry() }
        case .enter, .character(" "):
            if cursor.index < settings.themeOptions.count {
                settings.setTheme(settings.themeOptions[cursor.index].theme)
            } else {
                app.openAgreement()
            }
        default: break
        }
    }

    mutating func draw(_ drawing: inout Drawing, settings: SettingsViewModel) {
        let palette = drawing.palette
        drawing.title(settings.title, back: false)
        drawing.text(settings.themeTitle, x: 2, y: 2, palette.base.emphasised)
        var y = 3
        for (index, option) in settings.themeOptions.enumerated() {
            drawing.text((option.isSelected ? "(•) " : "( ) ") + option.title, x: 4, y: y, palette.base)
            if index == cursor.index { drawing.highlight(row: y, x: 2, width: drawing.width - 4, palette.selected) }
            y += 1
        }
        y += 1
        drawing.text(settings.agreementTitle + "  ›", x: 2, y: y, palette.base)
        if cursor.index == settings.themeOptions.count {
            drawing.highlight(row: y, x: 1, width: drawing.width - 2, palette.selected)
        }
        y += 2
        drawing.text(settings.apiNotice, x: 2, y: y, palette.secondary)
        y += 1
        switch settings.attribution {
        case .loaded(let attribution):
            for line in wrap(attribution.text, width: drawing.width - 4).prefix(4) {
                drawing.text(line, x: 2, y: y, palette.secondary)
                y += 1
            }
            if let url = attribution.url {
                drawing.text(url.absoluteString, x: 2, y: y, palette.accent)
                y += 1
            }
        case .failed(let failure):
            drawing.text("\(failure.title): \(failure.retryTitle) (r)", x: 2, y: y, palette.alert)
            y += 1
        case .loading:
            drawing.text(settings.strings[.loading], x: 2, y: y, palette.secondary)
            y += 1
        case .idle, .empty: break
        }
        drawing.text(settings.versionText, x: 2, y: y + 1, palette.secondary)
        drawing.keyLine(drawing.hints.settings)
    }
}

/// The user agreement's text, scrolled with the arrows.
@MainActor
struct AgreementScreen {
    private var top = 0

    mutating func handle(_ key: Key) {
        switch key {
        case .up: top = max(0, top - 1)
        case .down: top += 1
        case .pageUp: top = max(0, top - 10)
        case .pageDown: top += 10
        default: break
        }
    }

    mutating func draw(_ drawing: inout Drawing, settings: SettingsViewModel) {
        drawing.title(settings.agreementTitle, back: true)
        let lines = wrap(settings.agreementText, width: drawing.width - 4)
        let height = drawing.canvas.height - 3
        top = min(top, max(0, lines.count - height))
        for (row, line) in lines.dropFirst(top).prefix(height).enumerated() {
            drawing.text(line, x: 2, y: 2 + row, drawing.palette.base)
        }
        drawing.keyLine(drawing.hints.agreement)
    }
}
