import ArgumentParser

/// `swift run -c release rasp-bench <suite>`: each suite prints its figures as `<name>: <value> <unit>` lines on
/// stdout (one figure a line, so scripts can read them) and its progress notes on stderr.
@main
struct RaspBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rasp-bench",
        abstract: "Benchmarks of rasp-swift. Build with -c release.",
        subcommands: [GeneratorSuite.self, ClientSuite.self, CodecSuite.self, DirectorySuite.self, StreamSuite.self,
                      MockSuite.self, CacheSuite.self]
    )
}
