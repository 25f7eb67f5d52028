import ArgumentParser
import Foundation
import RaspAPI
import RaspKit

/// `rasp carrier CODE`: a carrier's contacts.
struct CarrierCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carrier",
        abstract: "A carrier's name and contacts, by Yandex code or by a code of another system.",
        discussion: """
        An IATA code can match several carriers; all of them are shown. --json prints the API's answer.

        Examples:
          rasp carrier 680
          rasp carrier SU --system iata
        """)

    @Argument(help: "The carrier code (Yandex code by default).")
    var code: String

    @Option(help: "The coding system of CODE: yandex, iata, sirena, express, esr, icao.",
            completion: .list(CarrierSystem.knownCases.map(\.rawValue)))
    var system: String = "yandex"

    @OptionGroup var options: GlobalOptions

    mutating func validate() throws {
        _ = try SearchCommand.list([system], known: CarrierSystem.knownCases.map(\.rawValue), option: "--system")
    }

    func run() async throws {
        let context = try RaspContext(options: options)
        try await CommandRunner(context: context).run {
            let system = self.system.lowercased()
            let response = try await context.client.carrier(
                code: code, system: system == "yandex" ? nil : CarrierSystem(rawValue: system))
            if options.json {
                context.console.print(try JSONOutput.text(response))
                return
            }
            let carriers = response.carriers ?? response.carrier.map { [$0] } ?? []
            guard !carriers.isEmpty else { throw CLIError.notFound(context.text.noCarrier(system: system, code: code)) }
            let style = context.console.out
            let text = context.text
            let blocks = carriers.map { carrier -> String in
                let details = CarrierDetails(carrier)
                var lines = [style.bold(details.title) + style.dim("  (\(details.id))")]
                let codes = [("IATA", carrier.codes.iata), ("ICAO", carrier.codes.icao),
                             (text.russian ? "Сирена" : "Sirena", carrier.codes.sirena)]
                    .compactMap { name, value in value.flatMap { $0.isEmpty ? nil : "\(name) \($0)" } }
                let fields: [(String, String?)] = [
                    (text.carrierCodes, codes.isEmpty ? nil : codes.joined(separator: ", ")),
                    (text.site, details.siteURL?.absoluteString ?? details.site),
                    (text.phone, details.phone),
                    (text.email, details.email),
                    (text.address, details.address),
                    (text.contacts, details.contacts?.replacingOccurrences(of: "\n", with: "; ")),
                    (text.logo, details.logoURL?.absoluteString),
                ]
                let width = fields.filter { $0.1 != nil }.map(\.0.count).max() ?? 0
                for case let (name, value?) in fields {
                    lines.append("  " + style.dim(name.padding(toLength: width + 2, withPad: " ", startingAt: 0))
                        + value)
                }
                return lines.joined(separator: "\n")
            }
            context.console.print(blocks.joined(separator: "\n\n"))
        }
    }
}
