import Foundation
import PackagePlugin

/// Generates a Swift client at build time from the OpenAPI document in a target.
///
/// The target holds `openapi.yaml` (or `.yml`, `.json`) and `rasp-generate.yaml` (or swift-openapi-generator's
/// `openapi-generator-config.yaml`, so a target set up for that generator's plugin works here as it is); the plugin
/// runs `rasp-generate` into its work folder, declares the files it writes so SwiftPM compiles them, and lists the
/// config and every YAML and JSON file of the target (the document and the files its `$ref`s name) as inputs, so the
/// build re-runs it only when one of them changes.
@main
struct RaspGeneratorPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? any SourceModuleTarget else { return [] }
        return try Self.commands(
            files: target.sourceFiles.map(\.url),
            place: "target '\(target.name)'",
            tool: context.tool(named: "rasp-generate").url,
            workFolder: context.pluginWorkDirectoryURL
        )
    }

    /// The one build command for a target's files.
    /// - Parameters:
    ///   - files: The target's files, among them the document and the config.
    ///   - place: How errors name the target.
    ///   - tool: The `rasp-generate` executable.
    ///   - workFolder: The plugin's work folder for this target.
    /// - Returns: A command with fixed inputs and outputs.
    /// - Throws: ``PluginError`` when the document or the config is missing or not unique.
    static func commands(files: [URL], place: String, tool: URL, workFolder: URL) throws -> [Command] {
        let inputs = try GeneratorInputs(files: files, place: place)
        let output = workFolder.appending(path: "GeneratedSources", directoryHint: .isDirectory)
        return [
            .buildCommand(
                displayName: "Generating the \(place) client from \(inputs.spec.lastPathComponent)",
                executable: tool,
                arguments: inputs.arguments(output: output),
                inputFiles: inputs.documentFiles + [inputs.config],
                outputFiles: GeneratorInputs.outputFileNames.map { output.appending(path: $0) }
            )
        ]
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
