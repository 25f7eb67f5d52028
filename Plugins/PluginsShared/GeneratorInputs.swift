import Foundation

/// The one OpenAPI document and the one generator config a `rasp-generate` run reads (`rasp-generate.yaml`, or
/// swift-openapi-generator's `openapi-generator-config.yaml`), and the arguments that run takes. Shared by the build
/// tool plugin and the `generate-client` command plugin.
struct GeneratorInputs {
    /// The file names an OpenAPI document may have.
    static let specNames = ["openapi.yaml", "openapi.yml", "openapi.json"]
    /// The file names the generator config may have: `rasp-generate`'s own, then swift-openapi-generator's, whose
    /// keys `rasp-generate` reads with that generator's defaults (so a target set up for it needs no change).
    static let configNames = [
        "rasp-generate.yaml", "rasp-generate.yml", "openapi-generator-config.yaml", "openapi-generator-config.yml",
    ]
    /// What every run writes: must equal `GeneratorPipeline.outputFileNames` (`Scripts/test-examples.sh` checks it),
    /// because a build tool plugin has to declare its outputs before the generator runs.
    static let outputFileNames = [
        "API01.swift", "API02.swift", "API03.swift", "API04.swift", "API05.swift", "API06.swift",
        "API07.swift", "API08.swift", "API09.swift", "API10.swift", "API11.swift", "API12.swift",
        "API13.swift", "API14.swift", "API15.swift", "API16.swift", "API17.swift", "API18.swift",
        "API19.swift", "API20.swift", "API21.swift", "API22.swift", "API23.swift", "API24.swift",
    ]

    /// The OpenAPI document.
    let spec: URL
    /// The generator config.
    let config: URL
    /// Every YAML and JSON file among the candidates but the config: the document and the files its `$ref`s may
    /// name. A build re-runs the generator when one of them changes (`rasp-generate SPEC --list-inputs` prints the
    /// files a document really reads; keep them inside the target).
    let documentFiles: [URL]

    /// Picks the document and the config among some files.
    /// - Parameters:
    ///   - files: The candidates (other files are ignored).
    ///   - place: How to name their folder or target in an error, e.g. "target 'PetsAPI'".
    /// - Throws: ``PluginError`` naming every problem when there is not exactly one of each.
    init(files: [URL], place: String) throws(PluginError) {
        let specs = files.filter { Self.specNames.contains($0.lastPathComponent) }
        let configs = files.filter { Self.configNames.contains($0.lastPathComponent) }
        var errors: [PluginError] = []
        if specs.isEmpty { errors.append(.missingSpec(place: place)) }
        if specs.count > 1 { errors.append(.severalSpecs(place: place, names: specs.map(\.lastPathComponent))) }
        if configs.isEmpty { errors.append(.missingConfig(place: place)) }
        if configs.count > 1 { errors.append(.severalConfigs(place: place, names: configs.map(\.lastPathComponent))) }
        if errors.count == 1 { throw errors[0] }
        if errors.count > 1 { throw .several(errors) }
        spec = specs[0]
        config = configs[0]
        documentFiles = files.filter { file in
            ["yaml", "yml", "json"].contains(file.pathExtension.lowercased())
                && !Self.configNames.contains(file.lastPathComponent)
        }
    }

    /// The `rasp-generate` arguments that write the client into a folder.
    /// - Parameter output: The folder for ``outputFileNames``.
    /// - Returns: `SPEC --output FOLDER --config FILE`.
    func arguments(output: URL) -> [String] {
        [spec.path, "--output", output.path, "--config", config.path]
    }
}
