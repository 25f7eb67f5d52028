import ArgumentParser
import Foundation
import RaspAPI
import RaspKit
import RaspRuntime

/// `rasp thread UID`: the stops of one thread.
struct ThreadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thread",
        abstract: "The stops of one run of a route (a thread uid from search or schedule).",
        discussion: """
        Thread uids change over time: take a fresh one from `rasp search --json` (thread_uids) or \
        `rasp schedule --json` (thread_uid). --json prints the API's thread object.

        Examples:
          rasp thread 103Е_0_2006004_g26_4 --date tomorrow
        """)

    @Argument(help: "The thread uid.")
    var uid: String

    @Option(help: ArgumentHelp("The day the thread runs. " + DateArgument.helpText, valueName: "date"))
    var date: DateArgument?

    func validate() throws {
        _ = try date?.checkedDate()
    }

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let context = try RaspContext(options: options)
        try await CommandRunner(context: context).run {
            let thread = try await context.client.thread(uid: uid, date: date.map { try $0.checkedDate() })
            if options.json {
                context.console.print(try JSONOutput.text(thread))
                return
            }
            let style = context.console.out
            let text = context.text
            context.console.print(style.bold("\(thread.number) \(thread.title)"))
            var facts = [text.transportName(thread.transportType.rawValue)]
            if let carrier = thread.carrier?.title { facts.append(carrier) }
            if let vehicle = thread.vehicle, !vehicle.isEmpty { facts.append(vehicle) }
            facts.append(thread.days)
            context.console.print(style.dim(facts.joined(separator: " · ")))
            var table = TextTable(columns: [
                .init(title: text.station, maxWidth: 48),
                .init(title: text.arrives, color: { style in style.green }),
                .init(title: text.departs, color: { style in style.green }),
                .init(title: text.stop, alignment: .right),
                .init(title: text.duration),
                .init(title: text.platform, maxWidth: 12),
            ])
            table.rows = thread.stops.map { stop in
                [stop.station.title, Self.clock(stop.arrival), Self.clock(stop.departure),
                 stop.stopTime.map { text.span(minutes: max(1, Int((Double($0) / 60).rounded()))) } ?? "",
                 stop.duration > 0 ? text.span(minutes: Int((stop.duration / 60).rounded())) : "—",
                 stop.platform ?? ""]
            }
            context.console.print(table.render(style: style))
        }
    }

    /// `HH:MM` of a stop time, `—` when there is none (first or last stop).
    static func clock(_ text: String?) -> String {
        guard let text else { return "—" }
        return TripTime(text)?.clockText ?? text
    }
}
