import ArgumentParser
import Foundation
import RaspKit
import RaspTerminal
import RaspTerminalApp
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `rasp app`: the travel-schedule app, full screen in the terminal.
struct AppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "The travel-schedule app, full screen: route, pickers, schedule, carrier, stories, settings.",
        discussion: """
        Runs on the embedded demo data unless a key or a server is given, like every other command. The theme and
        the viewed stories persist in the settings file (default: app-settings.json next to the config file).
        Keys are listed on each screen's last row; Ctrl-C quits from anywhere.

        Examples:
          rasp app
          rasp app --lang en
          NO_COLOR=1 rasp app
        """)

    @Option(help: ArgumentHelp("The settings file (default: app-settings.json next to the config file).",
                               valueName: "path"))
    var settings: String?

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        var environment = Environment.current
        guard isatty(STDIN_FILENO) == 1, environment.stdoutIsTerminal else {
            throw CLIError.usage(UsageText.russian ? "rasp app работает только в терминале"
                                 : "rasp app needs a terminal (standard input and output)")
        }
        // The screen is the app's: no progress bars or notices may be written over it.
        environment.stderrIsTerminal = false
        let context = try RaspContext(options: options, environment: environment)
        let settingsURL = settings.map { URL(fileURLWithPath: $0) }
            ?? environment.defaultConfigFile.deletingLastPathComponent().appendingPathComponent("app-settings.json")
        let directory = PlaceDirectoryLoader { try await DirectoryLoader(context: context).load() }
        let dependencies = AppDependencies(
            client: context.client, directory: directory,
            settings: SettingsStore(storage: FileStorage(url: settingsURL)),
            stories: (try? StoryLibrary.bundled(strings: context.strings)) ?? [], strings: context.strings)
        try await StandardError.silenced {
            try await TerminalApp(dependencies: dependencies, environment: environment.variables).run()
        }
    }
}

/// Standard error pointed at `/dev/null` while the full-screen app owns the terminal, then restored.
enum StandardError {
    /// Runs `body` with standard error silenced.
    @MainActor
    static func silenced(_ body: @MainActor () async throws -> Void) async throws {
        let saved = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        if saved >= 0, null >= 0 { dup2(null, STDERR_FILENO) }
        if null >= 0 { close(null) }
        defer {
            if saved >= 0 {
                dup2(saved, STDERR_FILENO)
                close(saved)
            }
        }
        try await body()
    }
}
