import Foundation
import RaspKit
import RaspTerminal

/// The stories, full screen: one progress bar per story filling over the story's 10 seconds, the story's
/// picture in half-blocks when the terminal shows colours, its title and text, and the close control.
@MainActor
struct StoriesScreen {
    /// Decoded pictures by resource name and size in cells.
    private var pictures: [String: HalfBlockImage] = [:]
    /// Whether Space is holding the story (terminals report no key releases, so Space toggles the hold).
    private var holding = false

    mutating func handle(_ key: Key, app: TerminalApp.Model) {
        switch key {
        case .right: app.handleStories(.tapRight)
        case .left: app.handleStories(.tapLeft)
        case .down, .escape, .character("x"), .character("ч"): app.handleStories(.swipeDown)
        case .character(" "):
            holding.toggle()
            app.handleStories(holding ? .holdBegan : .holdEnded)
        default: break
        }
    }

    mutating func draw(_ drawing: inout Drawing, stories: StoriesViewModel, colours: ColourMode) {
        let palette = drawing.palette
        bars(&drawing, stories: stories)
        let close = "✕ " + stories.closeTitle
        drawing.text(close, x: drawing.width - close.count - 2, y: 2, palette.secondary)
        guard let story = stories.currentStory else { return }
        var textLeft = 2
        if colours != .none, let image = story.images.first,
           let picture = picture(image, rows: drawing.canvas.height - 6) {
            for (row, cells) in picture.cells.enumerated() {
                for (column, cell) in cells.enumerated() {
                    let style = Style(foreground: cell.top, background: cell.bottom)
                    drawing.canvas[2 + column, 3 + row] = Cell("▀", style: style)
                }
            }
            textLeft = 4 + (picture.cells.first?.count ?? 0)
        }
        let width = drawing.width - textLeft - 2
        drawing.text(story.title, x: textLeft, y: 4, palette.base.emphasised, maxWidth: width)
        for (offset, line) in wrap(story.text, width: width).enumerated() {
            drawing.text(line, x: textLeft, y: 6 + offset, palette.base)
        }
        if stories.isPaused {
            drawing.text(drawing.hints.paused, x: textLeft, y: drawing.canvas.height - 3, palette.accent)
        }
        drawing.keyLine(drawing.hints.stories)
    }

    /// The bars on the first row: shown stories full, the current one to its progress, later ones empty.
    private func bars(_ drawing: inout Drawing, stories: StoriesViewModel) {
        let count = max(1, stories.stories.count)
        let gap = 1, span = max(1, (drawing.width - 4 - gap * (count - 1)) / count)
        let progress = stories.currentProgress
        for index in 0..<count {
            let filled = index < stories.currentIndex ? span
                : index == stories.currentIndex ? Int((Double(span) * progress).rounded(.down)) : 0
            let x = 2 + index * (span + gap)
            drawing.text(String(repeating: "━", count: filled), x: x, y: 0, drawing.palette.accent)
            drawing.text(String(repeating: "─", count: span - filled), x: x + filled, y: 0, drawing.palette.secondary)
        }
    }

    private mutating func picture(_ image: StoryImage, rows: Int) -> HalfBlockImage? {
        let key = "\(image.name)@\(rows)"
        if let cached = pictures[key] { return cached }
        guard rows > 0, let data = image.data(), let png = try? PNGImage(data: data) else { return nil }
        let size = HalfBlockImage.fit(width: png.width, height: png.height, columns: 40, rows: rows)
        let picture = HalfBlockImage(png, columns: size.columns, rows: size.rows)
        pictures[key] = picture
        return picture
    }
}
