import Foundation
import PackagePlugin

/// Generates Swift clients at build time from the OpenAPI documents in a target.
///
/// The target holds `openapi.yaml` (or `.yml`, `.json`) and `rasp-generate.yaml` (or swift-openapi-generator's
/// `openapi-generator-config.yaml`, so a target set up for that generator's plugin works here as it is), and/or any
/// number of `<Name>.openapi.yaml` with `<Name>.rasp-generate.yaml`, each generated inside `enum <Name>`. The plugin
/// runs `rasp-generate` once per document into its work folder, declares the files it writes so SwiftPM compiles
/// them, and lists the config and every YAML and JSON file of the target (the document and the files its `$ref`s
/// name) as inputs, so the build re-runs it only when one of them changes, or when SwiftPM relinks the tool (which it
/// does each time it plans the build anew, e.g. when a Swift file is added or when `swift build` and `swift test`
/// take turns). For those runs, `rasp-generate` keeps a stamp in each output folder (`--stamp`): when the tool, its
/// arguments, every file it read and every file it wrote are unchanged, it returns in milliseconds, writing nothing.
@main
struct RaspGeneratorPlugin: BuildToolPlugin {
    /// The file in each output folder where `rasp-generate` records its last run (hidden, and not a Swift file, so
    /// nothing compiles it).
    static let stampName = ".rasp-generate-stamp.json"

    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? any SourceModuleTarget else { return [] }
        return try Self.commands(
            files: target.sourceFiles.map(\.url),
            place: "target '\(target.name)'",
            tool: context.tool(named: "rasp-generate").url,
            workFolder: context.pluginWorkDirectoryURL
        )
    }

    /// The build commands for a target's files: one per OpenAPI document.
    /// - Parameters:
    ///   - files: The target's files, among them the documents and their configs.
    ///   - place: How errors name the target.
    ///   - tool: The `rasp-generate` executable.
    ///   - workFolder: The plugin's work folder for this target.
    /// - Returns: Commands with fixed inputs and outputs, each writing into a folder of its own (`rasp-generate`
    ///   removes the generated files of its folder that it did not write) and keeping its stamp there.
    /// - Throws: ``PluginError`` when a document or a config is missing or not unique.
    static func commands(files: [URL], place: String, tool: URL, workFolder: URL) throws -> [Command] {
        let sources = workFolder.appending(path: "GeneratedSources", directoryHint: .isDirectory)
        return try GeneratorInputs.runs(files: files, place: place).map { inputs in
            let output = inputs.namespace.map { sources.appending(path: $0, directoryHint: .isDirectory) } ?? sources
            let what = inputs.namespace.map { "the \(place) client \($0)" } ?? "the \(place) client"
            return .buildCommand(
                displayName: "Generating \(what) from \(inputs.spec.lastPathComponent)",
                executable: tool,
                arguments: inputs.arguments(output: output, stamp: output.appending(path: Self.stampName)),
                inputFiles: inputs.documentFiles + [inputs.config],
                outputFiles: inputs.outputFileNames.map { output.appending(path: $0) }
            )
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension RaspGeneratorPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(
            files: target.inputFiles.map(\.url),
            place: "target '\(target.displayName)'",
            tool: context.tool(named: "rasp-generate").url,
            workFolder: context.pluginWorkDirectoryURL
        )
    }
}
#endif
