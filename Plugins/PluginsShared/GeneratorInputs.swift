import Foundation

/// The `rasp-generate` runs a target (or a package root) asks for, each with its OpenAPI document and its generator
/// config, and the arguments each takes. Shared by the build tool plugin and the `generate-client` command plugin.
///
/// - `openapi.yaml` (or `.yml`, `.json`) with `rasp-generate.yaml` (or swift-openapi-generator's
///   `openapi-generator-config.yaml`): a client at the top level of the module, as swift-openapi-generator makes it;
/// - any number of `<Name>.openapi.yaml` documents, each with `<Name>.rasp-generate.yaml` (or
///   `<Name>.openapi-generator-config.yaml`): a client inside `enum <Name>`, in files named `<Name>API01.swift`…, so
///   that several APIs share one module.
struct GeneratorInputs {
    /// The file names an OpenAPI document may have (after `<Name>.` for a namespaced one).
    static let specNames = ["openapi.yaml", "openapi.yml", "openapi.json"]
    /// The file names the generator config may have (after `<Name>.` for a namespaced document): `rasp-generate`'s
    /// own, then swift-openapi-generator's, whose keys `rasp-generate` reads with that generator's defaults (so a
    /// target set up for it needs no change).
    static let configNames = [
        "rasp-generate.yaml", "rasp-generate.yml", "openapi-generator-config.yaml", "openapi-generator-config.yml",
    ]
    /// What a run without a namespace writes: must equal `GeneratorPipeline.outputFileNames`
    /// (`Scripts/ci/test-examples.sh` checks it), because a build tool plugin has to declare its outputs before the
    /// generator runs. A namespaced run writes the same names after its namespace.
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
    /// The enum the declarations are nested in (the `<Name>` of `<Name>.openapi.yaml`), or nil.
    let namespace: String?
    /// Every YAML and JSON file among the candidates but the configs: the document and the files its `$ref`s may
    /// name. A build re-runs the generator when one of them changes (`rasp-generate SPEC --list-inputs` prints the
    /// files a document really reads; keep them inside the target).
    let documentFiles: [URL]

    /// The files the run writes.
    var outputFileNames: [String] { Self.outputFileNames.map { (namespace ?? "") + $0 } }

    /// Finds the runs among some files: the unnamed document, if any, then the namespaced ones by name.
    /// - Parameters:
    ///   - files: The candidates (other files are ignored).
    ///   - place: How to name their folder or target in an error, e.g. "target 'PetsAPI'".
    /// - Throws: ``PluginError`` naming every problem: no document at all, two unnamed documents, a document without
    ///   its config (or with two), a name that cannot be a Swift type name.
    static func runs(files: [URL], place: String) throws(PluginError) -> [GeneratorInputs] {
        // Documents and configs by their namespace ("" for the unnamed ones).
        var specs: [String: [URL]] = [:]
        var configs: [String: [URL]] = [:]
        for file in files {
            let name = file.lastPathComponent
            if let prefix = Self.prefix(of: name, in: specNames) { specs[prefix, default: []].append(file) }
            if let prefix = Self.prefix(of: name, in: configNames) { configs[prefix, default: []].append(file) }
        }
        var errors: [PluginError] = []
        if specs.isEmpty { errors.append(.missingSpec(place: place)) }
        let documentFiles = files.filter { file in
            ["yaml", "yml", "json"].contains(file.pathExtension.lowercased())
                && Self.prefix(of: file.lastPathComponent, in: configNames) == nil
        }
        var runs: [GeneratorInputs] = []
        for namespace in specs.keys.sorted() {
            let found = specs[namespace] ?? []
            let settings = configs[namespace] ?? []
            let label = namespace.isEmpty ? place : "\(place), document \(namespace)"
            if !namespace.isEmpty && !Self.isTypeName(namespace) {
                errors.append(.badNamespace(place: place, name: namespace))
            }
            if found.count > 1 { errors.append(.severalSpecs(place: label, names: found.map(\.lastPathComponent))) }
            if settings.isEmpty { errors.append(.missingConfig(place: label, prefix: namespace)) }
            if settings.count > 1 {
                errors.append(.severalConfigs(place: label, names: settings.map(\.lastPathComponent)))
            }
            guard let spec = found.first, let config = settings.first else { continue }
            runs.append(GeneratorInputs(spec: spec, config: config, namespace: namespace.isEmpty ? nil : namespace,
                                        documentFiles: documentFiles))
        }
        if errors.count == 1 { throw errors[0] }
        if errors.count > 1 { throw .several(errors) }
        return runs
    }

    /// The `rasp-generate` arguments that write the client into a folder.
    /// - Parameters:
    ///   - output: The folder for ``outputFileNames``.
    ///   - stamp: The file in which `rasp-generate` records the run, so that a run with nothing new to read or write
    ///     skips its work (`--stamp`), or nil.
    /// - Returns: `SPEC --output FOLDER --config FILE [--namespace NAME] [--stamp FILE]`.
    func arguments(output: URL, stamp: URL? = nil) -> [String] {
        [spec.path, "--output", output.path, "--config", config.path] + (namespace.map { ["--namespace", $0] } ?? [])
            + (stamp.map { ["--stamp", $0.path] } ?? [])
    }

    /// The `<Name>` of `<Name>.<one of names>`, "" for one of `names` itself, nil for any other file name.
    private static func prefix(of fileName: String, in names: [String]) -> String? {
        for name in names {
            if fileName == name { return "" }
            if fileName.hasSuffix("." + name) { return String(fileName.dropLast(name.count + 1)) }
        }
        return nil
    }

    /// Whether `name` can name the enum: an upper-case ASCII letter, then ASCII letters, digits or `_` (what
    /// `rasp-generate --namespace` accepts).
    private static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0)
            || ("0"..."9").contains($0) || $0 == "_" }
    }
}
