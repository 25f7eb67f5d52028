import Foundation
import Testing

/// UI tests of `rasp app`: the real binary in a tmux window of 80×24, driven by keys, asserted on the captured
/// screen. Demo data, an isolated config folder, Russian texts unless a test says otherwise.
///
/// What a screen must show is a condition to wait for (``TmuxSession/waitFor(_:timeout:sourceLocation:_:)``), not
/// an expectation on the first capture that shows part of it: a frame can reach the pane in more than one piece,
/// and a capture can fall between them (a screen with «From» but not yet «Settings» failed a loaded run so).
@Suite("rasp app in tmux", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct AppUITests {
    /// The shell command that starts the app with a clean environment; after it exits the shell prints the
    /// terminal's line settings, so a test can see that the app restored them.
    func command(sandbox: URL, language: String = "ru_RU.UTF-8", extra: [String: String] = [:],
                 arguments: [String] = []) throws -> String {
        let binary = try #require(RaspProcess.binary, "the rasp binary was not found")
        var variables = ["HOME": sandbox.path, "XDG_CONFIG_HOME": sandbox.path + "/config",
                         "XDG_CACHE_HOME": sandbox.path + "/cache", "LANG": language, "TERM": "xterm-256color",
                         "COLORTERM": "truecolor", "PATH": "/usr/bin:/bin"]
        variables.merge(extra) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        return "env -i \(assignments) '\(binary.path)' app \(arguments.joined(separator: " ")); "
            + "echo \"exit=$?\"; stty -a | tr ' ' '\\n' | grep icanon; sleep 30"
    }

    /// Types into a picker and waits until its results are those of the whole query, with `first` on top.
    /// The picker opens with suggestions, so `first` alone may already be on top: `without` names a
    /// suggestion the query's results must not have.
    func search(_ app: TmuxSession, _ query: String, first: String, without: String? = nil,
                sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try app.type(query)
        await app.waitFor("«\(first)» first for «\(query)»", sourceLocation: sourceLocation) { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count > 4 && lines[2].contains("⌕ \(query)")
                && lines[4].trimmingCharacters(in: .whitespaces).hasPrefix(first)
                && !(without.map(screen.contains) ?? false)
        }
    }

    /// The departure hours of the trips on a schedule screen.
    func departureHours(_ screen: String) -> [Int] {
        screen.split(separator: "\n").compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.contains(" ── "), let hour = Int(text.prefix(2)) else { return nil }
            return hour
        }
    }

    /// Москва → Санкт-Петербург by typing in the pickers, find, an evening filter, a carrier, the stories'
    /// 10-second bars, and a theme that persists after a restart.
    @Test("the main flow, stories and a persisted theme")
    func mainFlow() async throws {
        let sandbox = try RaspProcess.makeSandbox()
        defer { try? FileManager.default.removeItem(at: sandbox) }
        try await TmuxSession.with(command: try command(sandbox: sandbox)) { app in
            await app.waitFor("Откуда")
            #expect(!app.capture().contains("Найти"), "«Найти» appears only when both points are set")

            // «Откуда»: the city picker filters as you type; the station picker of Moscow; back on the route.
            try app.press("Enter")
            await app.waitFor("Выбор города")
            try await search(app, "Моск", first: "Москва  Москва и", without: "Сочи")
            try app.press("Enter")
            await app.waitFor("Выбор станции")
            try await search(app, "ленингр", first: "Москва (Ленинградский вокзал)")
            try app.press("Enter")
            await app.waitFor("│ Москва (Ленинградский вокзал)")

            // «Куда», with a typo in the city («Санкт-Петрбург»).
            try app.press("Down", "Down", "Enter")
            await app.waitFor("Выбор города")
            try await search(app, "Санкт-Петрбург", first: "Санкт-Петербург  Санкт-Петербург")
            try app.press("Enter")
            await app.waitFor("Выбор станции")
            try await search(app, "Московский", first: "Санкт-Петербург (Московский вокзал)")
            try app.press("Enter")
            await app.waitFor("both points and «Найти»") { screen in
                screen.contains("│ Санкт-Петербург (Московский вокзал)") && screen.contains("Найти")
            }

            // «Найти»: the schedule.
            try app.press("Down", "Enter")
            await app.waitFor("the day's trips under the route, unfiltered") { screen in
                let hours = self.departureHours(screen)
                return hours.count >= 3 && hours.contains { $0 < 18 }
                    && screen.contains("Москва (Ленинградский вокзал) → Санкт-Петербург (Московский вокзал)")
                    && screen.contains("Уточнить время") && !screen.contains("●")
            }

            // Filters: the evening slot only.
            try app.press("f")
            await app.waitFor("Время отправления")
            try app.press("Down", "Down", "Enter")
            await app.waitFor("[x] Вечер 18:00")
            try app.press("a")
            await app.waitFor("only evening trips, with the marker") { screen in
                let hours = self.departureHours(screen)
                return screen.contains("●") && !hours.isEmpty && hours.allSatisfy { $0 >= 18 }
            }

            // A carrier, and one of its contacts handed to the system.
            try app.press("Enter")
            await app.waitFor("Информация о перевозчике")
            await app.waitFor("a contact") { $0.contains("Сайт") || $0.contains("Телефон") || $0.contains("E-mail") }
            try app.press("Enter")
            await app.waitFor("Открываю ")

            // Stories: the first bar fills, the next story opens after 10 s, and the strip marks the first as viewed.
            try app.press("Escape")
            await app.waitFor("Уточнить время")
            try app.press("Escape")
            await app.waitFor("│ Санкт-Петербург (Московский вокзал)")
            try app.press("Up", "Up", "Up", "Up", "Enter")
            let opened = ContinuousClock.now
            var screen = await app.waitFor("Сапсан до Петербурга")
            let early = filled(screen)
            screen = await app.waitFor("the first bar advancing") { self.filled($0) > early + 2 }
            #expect(!screen.contains("Ночные поезда"))
            // The next story opens by itself, with no key pressed. Not before the 10 s of its bar: `opened` was
            // taken before the first story opened, so a slow machine only makes `elapsed` longer; how much longer
            // is not the app's doing, and only the wait's hang guard bounds it.
            screen = await app.waitFor("Ночные поезда")
            let elapsed = ContinuousClock.now - opened
            #expect(elapsed >= .milliseconds(9_500), "the next story opened after only \(elapsed)")
            try app.press("Escape")
            // The story seen loses its ring; an unseen one keeps it.
            await app.waitFor("the strip with the first story seen") { screen in
                screen.contains("○ Сапсан до Петербурга") && screen.contains("◉ С пересадкой")
            }

            // Settings: the light theme, kept after a restart.
            try app.press("Tab")
            // Dark by default (the system's theme, and no COLORFGBG).
            await app.waitFor("«Тема» on the dark background") { screen in
                screen.contains("Тема") && app.capture(escapes: true).contains("48;2;26;27;34")
            }
            try app.press("Down", "Enter")
            await app.waitFor("(•) Светлая")
            await app.waitFor("a white background") { _ in app.capture(escapes: true).contains("48;2;255;255;255") }
            try app.press("q")
            screen = await app.waitFor("icanon")
            #expect(screen.contains("exit=0") && !screen.contains("-icanon"), "line mode restored:\n\(screen)")
        }

        // The theme is kept: a new session of the app starts light.
        try await TmuxSession.with(command: try command(sandbox: sandbox)) { app in
            await app.waitFor("Откуда")
            try app.press("Tab")
            await app.waitFor("«(•) Светлая» on the white background") { screen in
                screen.contains("(•) Светлая") && app.capture(escapes: true).contains("48;2;255;255;255")
            }
        }
    }

    /// How many cells of the stories' first bar are filled.
    func filled(_ screen: String) -> Int {
        let bar = screen.split(separator: "\n").first.map(String.init) ?? ""
        return bar.split(separator: " ").first { !$0.isEmpty }.map { $0.filter { $0 == "━" }.count } ?? 0
    }

    @Test("English by locale, NO_COLOR honoured, redrawn on resize, Ctrl-C restores the terminal")
    func englishNoColourResize() async throws {
        let sandbox = try RaspProcess.makeSandbox()
        defer { try? FileManager.default.removeItem(at: sandbox) }
        try await TmuxSession.with(command: try command(sandbox: sandbox, language: "en_GB.UTF-8",
                                                         extra: ["NO_COLOR": "1"])) { app in
            var screen = await app.waitFor("the route screen in English") { screen in
                screen.contains("From") && screen.contains("To") && screen.contains("Schedule")
                    && screen.contains("Settings")
            }
            #expect(!app.capture(escapes: true).contains("38;2;"), "no colour under NO_COLOR")
            #expect(screen.split(separator: "\n").count <= 24)
            try app.resize(width: 100, height: 30)
            screen = await app.waitFor("the key line on row 30") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count >= 30 && lines[29].contains("q quit")
            }
            try app.press("C-c")
            screen = await app.waitFor("icanon")
            #expect(screen.contains("exit=0") && !screen.contains("-icanon"), "line mode restored:\n\(screen)")
        }
    }

    @Test("no server: the city picker shows the no-internet state with its retry, and Esc still works")
    func noInternet() async throws {
        let sandbox = try RaspProcess.makeSandbox()
        defer { try? FileManager.default.removeItem(at: sandbox) }
        let arguments = ["--base-url", "http://127.0.0.1:9", "--retries", "0"]
        try await TmuxSession.with(command: try command(sandbox: sandbox, arguments: arguments)) { app in
            await app.waitFor("Откуда")
            try app.press("Enter")
            await app.waitFor("the no-internet state with its retry") { screen in
                screen.contains("Нет интернета") && screen.contains("Повторить (Ctrl-R)")
                    && screen.contains("Ctrl-R повторить")
            }
            try app.press("C-r")
            await app.waitFor("Нет интернета")
            try app.press("Escape")
            await app.waitFor("Откуда")
            try app.press("q")
            await app.waitFor("exit=0")
        }
    }
}
