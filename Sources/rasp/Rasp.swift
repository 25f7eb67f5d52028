import ArgumentParser
import Foundation
import RaspKit

/// `rasp`: Yandex Rasp timetables on the command line.
@main
struct Rasp: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rasp",
        abstract: "Timetables of trains, planes, buses and ferries from Yandex Rasp (Яндекс Расписания).",
        discussion: """
        With no API key, rasp answers from a built-in demo data set (made-up timetables over real place names) with \
        no network, and says so on standard error. Set RASP_API_KEY (or --api-key, or api_key in \
        ~/.config/rasp/config) for the real API; --base-url points at any server, such as rasp-mock.

        Examples:
          rasp search Москва "Санкт-Петербург"
          rasp search c213 c2 --date 01.12 --transport plane --json
          rasp search спб мск --date пятница
          rasp stations питер
          rasp schedule "Казанский вокзал" --event arrival
          rasp thread 103Е_0_2006004_g26_4 --date tomorrow   (a uid from search --json)
          rasp carrier SU --system iata
          rasp nearest 55.75 37.62 --distance 5
          rasp --generate-completion-script zsh > ~/.zfunc/_rasp

        Output: a table for people, colour only on a terminal and never with NO_COLOR; --json for scripts. \
        Errors go to standard error; the API key is never printed.

        Offline: answers of search, schedule, thread, carrier and nearest are saved in the cache folder. When the \
        network fails, rasp prints the saved answer (up to 30 days old) with its age on standard error and exits 0; \
        --offline answers from saved answers only, --refresh asks the server even when a saved answer is fresh \
        (and fails without one); rasp cache shows and clears what is saved.

        Exit codes: 0 success, 1 runtime or server error, 2 ambiguous name or bad usage, 3 not found, \
        4 no connection, 5 no saved answer (--offline).
        """,
        version: "rasp \(RaspKit.version) (Yandex Rasp API v3.0)",
        subcommands: [
            SearchCommand.self, StationsCommand.self, ScheduleCommand.self, ThreadCommand.self,
            CarrierCommand.self, NearestCommand.self, CopyrightCommand.self, AppCommand.self, CacheCommand.self,
        ]
    )

    /// Parses the arguments, runs the command and exits with the documented codes (argument errors exit 2, not
    /// argument-parser's 64).
    static func main() async {
        terminate(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs a command line and returns its exit code, printing results and errors.
    static func run(_ arguments: [String]) async -> Int32 {
        let russian = UsageText.language(of: arguments, environment: .current)
        return await UsageText.$russian.withValue(russian) { await runCommand(arguments) }
    }

    private static func runCommand(_ arguments: [String]) async -> Int32 {
        if let unknown = unknownCommand(in: arguments) {
            let console = Console(.current)
            console.note(console.err.red(UsageText.russian ? "rasp: ошибка: " : "rasp: error: ") + unknown)
            return CLIError.Code.usage.rawValue
        }
        do {
            var command = try parseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            return 0
        } catch let error as CLIError {
            let style = Console(.current).err
            Console(.current).note(style.red(CLIText(russian: UsageText.russian).errorLead) + error.message)
            return error.code.rawValue
        } catch {
            return report(error)
        }
    }

    /// Prints an argument-parser error or help text and returns its exit code (usage errors become 2).
    private static func report(_ error: any Error) -> Int32 {
        let console = Console(.current)
        let code = exitCode(for: error)
        let message = UsageText.localize(fullMessage(for: error), russian: UsageText.russian)
        if code == .success {
            if !message.isEmpty { console.print(message) }
            return 0
        }
        if !message.isEmpty { console.note(message) }
        return code == .validationFailure ? CLIError.Code.usage.rawValue : code.rawValue
    }
}

extension Rasp {
    /// A first argument that is no option and no command, as a message with the nearest command (argument-parser
    /// would call it an unexpected argument and list every word after it).
    static func unknownCommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !names.contains(first) else { return nil }
        let nearest = names.min { distance($0, first) < distance($1, first) }
        let suggestion = nearest.flatMap { distance($0, first) <= 2 ? $0 : nil }
        if UsageText.russian {
            return "нет команды «\(first)»" + (suggestion.map { ". Может быть, \($0)?" } ?? "")
                + " Команды: \(names.dropLast().joined(separator: ", ")) (rasp --help)."
        }
        return "no command '\(first)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? ".")
            + " Commands: \(names.dropLast().joined(separator: ", ")) (rasp --help)."
    }

    /// Edit distance between two words (insertions, deletions, substitutions).
    private static func distance(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Ends the process with a status (outside the command type, whose `exit(withError:)` would shadow `exit`).
private func terminate(_ code: Int32) -> Never {
    exit(code)
}
