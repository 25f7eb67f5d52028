import Foundation
import Testing
import RaspGenerator

/// One golden test per config key: each folder of `Tests/Fixtures/config-keys` holds a config
/// (`openapi-generator-config.yaml` or `rasp-generate.yaml`, read in the dialect its name says) and `expected.swift`,
/// what the generator makes of the shared `openapi.yaml` with it: the files that declare something, each after a
/// `// ==== NAME` line (the first file always, for its header and imports), then the warnings.
///
/// After a deliberate change of output: `RASP_UPDATE_GOLDENS=1 swift test --filter ConfigGoldenTests`, then read the
/// diff.
struct ConfigGoldenTests {
    static let folder = GoldenTests.root.appendingPathComponent("Tests/Fixtures/config-keys")

    static let cases = [
        "generate", "accessModifier", "additionalImports", "additionalFileComments", "filter-tags",
        "filter-operations", "filter-paths", "filter-schemas", "namingStrategy", "nameOverrides",
        "typeOverrides-schemas", "typeOverrides-formats", "featureFlags", "rasp-filters", "rasp-names", "namespace",
    ]

    /// The golden text of a run.
    static func golden(_ result: GeneratorPipeline.Result, config: GeneratorConfig, configName: String) -> String {
        var text = ""
        for (index, file) in result.files.enumerated() {
            let declares = file.contents.split(separator: "\n").contains { line in
                !line.hasPrefix("//") && !line.hasSuffix(" Foundation") && !line.hasSuffix(" RaspRuntime")
                    && !line.hasPrefix("import ") && !line.contains(" import ")
            }
            guard index == 0 || declares else { continue }
            text += "// ==== \(file.name)\n" + file.contents
        }
        for warning in config.warnings {
            text += "// \(configName):\(warning)\n"
        }
        for warning in result.warnings {
            text += "// openapi.yaml:\(warning)\n"
        }
        return text
    }

    @Test(arguments: cases) func configKey(_ name: String) throws {
        let folder = Self.folder.appendingPathComponent(name)
        let configURL = try #require(try FileManager.default.contentsOfDirectory(at: folder,
                                                                                  includingPropertiesForKeys: nil)
            .first { $0.lastPathComponent.hasSuffix(".yaml") })
        let config = try GeneratorConfig(yaml: [UInt8](try Data(contentsOf: configURL)),
                                         path: configURL.lastPathComponent)
        let spec = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent("openapi.yaml")))
        let result = try GeneratorPipeline(config: config).run(spec, sourceName: "openapi.yaml")
        let text = Self.golden(result, config: config, configName: configURL.lastPathComponent)
        try Self.compare(text, with: folder.appendingPathComponent("expected.swift"), test: "ConfigGoldenTests")
    }

    /// Checks a golden text against its file, after writing it there when `RASP_UPDATE_GOLDENS=1`.
    static func compare(_ text: String, with expectedURL: URL, test: String) throws {
        if ProcessInfo.processInfo.environment["RASP_UPDATE_GOLDENS"] == "1" {
            try text.write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        let place = expectedURL.path.replacingOccurrences(of: GoldenTests.root.path + "/", with: "")
        #expect(text == expected, """
            \(place) is stale: run `RASP_UPDATE_GOLDENS=1 swift test --filter \(test)` and read the diff
            """)
    }
}
