import Foundation
import RaspKit
import RaspTerminal

/// The travel-schedule app in a terminal: RaspKit's ``AppViewModel`` drawn full screen and driven by keys.
///
/// Everything the app does comes from the view models; this type maps keys to their actions, keeps the
/// presentation state of each screen (the highlighted row, the scroll position), and redraws whenever a model
/// announces a change, a key arrives or the window is resized. Redraws are diffed (``FrameWriter``), so only
/// changed cells reach the terminal.
@MainActor
public final class TerminalApp {
    /// The app's view model on the real clock.
    typealias Model = AppViewModel

    private enum Event {
        case terminal(TerminalSession.Event)
        case modelChanged
    }

    private let model: Model
    private let session: TerminalSession
    private let environment: [String: String]
    private let colours: ColourMode
    private let hints: KeyHints
    private let opener: SystemOpener
    private var writer: FrameWriter
    private let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private var watched: [ObjectIdentifier: AnyCancellable] = [:]
    private var shownPaths: [Model.Tab: [Model.Screen]] = [:]

    private var route = RouteScreen()
    private var cityPicker = PickerScreen<RouteCity> { ($0.title, $0.subtitle) }
    private lazy var stationPicker = stationPickerScreen()
    private var schedule = ScheduleScreen()
    private var filters = FiltersScreen()
    private var carrier = CarrierScreen()
    private var stories = StoriesScreen()
    private var settings = SettingsScreen()
    private var agreement = AgreementScreen()

    /// An app over the given dependencies.
    /// - Parameters:
    ///   - dependencies: The client, directory, settings and stories.
    ///   - environment: The process environment (`NO_COLOR`, `COLORTERM`, `COLORFGBG`, the opener).
    ///   - session: The terminal.
    public init(dependencies: AppDependencies, environment: [String: String],
                session: TerminalSession = TerminalSession()) {
        model = Model(dependencies: dependencies)
        self.session = session
        self.environment = environment
        colours = ColourMode.detect(environment)
        hints = KeyHints(dependencies.strings)
        opener = SystemOpener(environment: environment)
        writer = FrameWriter(colourMode: colours)
        (events, continuation) = AsyncStream.makeStream(of: Event.self)
    }

    /// Runs until the user quits (`q` on a tab's first screen, Ctrl-C) or the process is asked to end; the
    /// terminal is restored on every way out.
    /// - Throws: `TerminalError` when standard input is not a terminal.
    public func run() async throws {
        let terminalEvents = try session.start()
        defer { session.restore() }
        let forward = Task { [continuation] in
            for await event in terminalEvents { continuation.yield(.terminal(event)) }
        }
        defer { forward.cancel() }
        model.select(.schedule)
        watchModels()
        draw()
        for await event in events {
            switch event {
            case .terminal(.keys(let keys)):
                for key in keys where !handle(key) { return }
            case .terminal(.resized): writer.invalidate()
            case .terminal(.terminated), .terminal(.inputClosed): return
            case .modelChanged: break
            }
            resetOpenedScreens()
            watchModels()
            draw()
        }
    }

    // MARK: Keys

    /// Applies a key; false when the app should quit.
    private func handle(_ key: Key) -> Bool {
        if key == .control("c") { return false }
        if key == .control("l") { writer.invalidate() }
        guard let screen = model.screen else { return handleFirstScreen(key) }
        if key == .escape, screen != .stories { model.back(); return true }
        switch screen {
        case .cityPicker:
            if let picker = model.cityPicker { cityPicker.handle(key, picker: picker) { model.chooseCity($0) } }
        case .stationPicker:
            if let picker = model.stationPicker {
                stationPicker.handle(key, picker: picker) { model.chooseStation($0) }
            }
        case .schedule: schedule.handle(key, app: model)
        case .filters: filters.handle(key, app: model)
        case .carrier:
            if let model = model.carrier { carrier.handle(key, carrier: model, opener: opener, hints: hints) }
        case .stories: stories.handle(key, app: model)
        case .agreement: agreement.handle(key)
        }
        return true
    }

    private func handleFirstScreen(_ key: Key) -> Bool {
        switch key {
        case .character("q"), .character("й"): return false
        case .tab: model.select(model.tab == .schedule ? .settings : .schedule)
        default:
            if model.tab == .schedule { route.handle(key, app: model) } else { settings.handle(key, app: model) }
        }
        return true
    }

    /// Gives a screen that has just opened a fresh presentation state (the highlight on its first row).
    private func resetOpenedScreens() {
        for tab in Model.Tab.allCases {
            let path = model.paths[tab] ?? []
            let before = shownPaths[tab] ?? []
            for (depth, screen) in path.enumerated() where depth >= before.count || before[depth] != screen {
                switch screen {
                case .cityPicker: cityPicker = PickerScreen { ($0.title, $0.subtitle) }
                case .stationPicker: stationPicker = stationPickerScreen()
                case .schedule: schedule = ScheduleScreen()
                case .filters: filters = FiltersScreen()
                case .carrier: carrier = CarrierScreen()
                case .stories: stories = StoriesScreen()
                case .agreement: agreement = AgreementScreen()
                }
            }
        }
        shownPaths = model.paths
    }

    /// The station picker's rows: the title and the station's type in words.
    private func stationPickerScreen() -> PickerScreen<RouteStation> {
        let strings = model.strings
        return PickerScreen { ($0.title, $0.stationType.map(strings.stationTypeName)) }
    }

    // MARK: Drawing

    private func draw() {
        let (columns, rows) = session.size
        let palette = Palette(theme: model.settings.theme, environment: environment, colours: colours)
        var drawing = Drawing(canvas: Canvas(width: columns, height: rows, fill: Cell(style: palette.base)),
                              palette: palette, hints: hints)
        switch model.screen {
        case nil:
            if model.tab == .schedule {
                route.draw(&drawing, app: model)
            } else {
                settings.draw(&drawing, settings: model.settings)
            }
            tabBar(&drawing)
        case .cityPicker?:
            if let picker = model.cityPicker { cityPicker.draw(&drawing, picker: picker, strings: model.strings) }
        case .stationPicker?:
            if let picker = model.stationPicker { stationPicker.draw(&drawing, picker: picker, strings: model.strings) }
        case .schedule?: if let model = model.schedule { schedule.draw(&drawing, schedule: model) }
        case .filters?: if let model = model.filters { filters.draw(&drawing, filters: model) }
        case .carrier?: if let model = model.carrier { carrier.draw(&drawing, carrier: model) }
        case .stories?: if let model = model.stories { stories.draw(&drawing, stories: model, colours: colours) }
        case .agreement?: agreement.draw(&drawing, settings: model.settings)
        }
        session.write(writer.output(for: drawing.canvas))
    }

    /// The tab bar above the key line, the current tab emphasised.
    private func tabBar(_ drawing: inout Drawing) {
        let y = drawing.canvas.height - 2
        let half = drawing.width / 2
        for (index, tab) in Model.Tab.allCases.enumerated() {
            let current = tab == model.tab
            let label = (current ? "● " : "○ ") + model.title(of: tab)
            let x = index * half + max(0, (half - label.count) / 2)
            drawing.text(label, x: x, y: y, current ? drawing.palette.accent : drawing.palette.secondary)
        }
    }

    // MARK: Observation

    /// Subscribes to every model on screen or on a stack, so any change redraws (like a SwiftUI view's bindings).
    private func watchModels() {
        var next: [ObjectIdentifier: AnyCancellable] = [:]
        func watch<Object: ObservableObject>(_ object: Object?)
        where Object.ObjectWillChangePublisher == ObservableObjectPublisher {
            guard let object else { return }
            let id = ObjectIdentifier(object)
            // Not `existing ?? object.objectWillChange.sink …`: the right side of `??` is an autoclosure, which
            // would capture the (non-Sendable) model in a closure isolated to the main actor.
            if let existing = watched.removeValue(forKey: id) {
                next[id] = existing
                return
            }
            let publisher = object.objectWillChange
            next[id] = publisher.sink { [continuation] _ in
                continuation.yield(.modelChanged)
            }
        }
        watch(model)
        watch(model.route)
        watch(model.settings)
        watch(model.cityPicker)
        watch(model.stationPicker)
        watch(model.schedule)
        watch(model.filters)
        watch(model.carrier)
        watch(model.stories)
        watched = next
    }
}
