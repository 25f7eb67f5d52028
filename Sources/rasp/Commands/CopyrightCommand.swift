import ArgumentParser
import Foundation
import RaspAPI

/// `rasp copyright`: the attribution to show next to Rasp data.
struct CopyrightCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copyright",
        abstract: "The attribution Yandex asks to show next to its timetable data.",
        discussion: "--json prints the API's answer, including the HTML banner snippets.")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let context = try RaspContext(options: options)
        try await CommandRunner(context: context).run {
            let response = try await context.client.copyright()
            if options.json {
                context.console.print(try JSONOutput.text(response))
                return
            }
            context.console.print(response.copyright.text)
            context.console.print(context.console.out.cyan(response.copyright.url))
        }
    }
}
