import ArgumentParser

/// `rasp-bench generator [SPEC…]` (in progress).
struct GeneratorSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "generator", abstract: "Generator speed and memory.")
    func run() async throws {}
}
