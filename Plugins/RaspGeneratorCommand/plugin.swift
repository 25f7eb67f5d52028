import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-client [--output FOLDER]`
///
/// Regenerates the checked-in client (by default `Generated/RaspAPI`) from the OpenAPI document and the
/// `rasp-generate.yaml` at the package root. `rasp-generate` rewrites only files whose bytes change, so running it
/// on a current client touches nothing.
@main
struct RaspGeneratorCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let output = extractor.extractOption(named: "output").last ?? "Generated/RaspAPI"
        guard extractor.remainingArguments.isEmpty else {
            throw PluginError.unknownArguments(extractor.remainingArguments)
        }
        let root = context.package.directoryURL
        let files = try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)
        let inputs = try GeneratorInputs(files: files, place: "the root of package '\(context.package.displayName)'")

        let process = Process()
        process.executableURL = try context.tool(named: "rasp-generate").url
        process.arguments = inputs.arguments(output: root.appending(path: output, directoryHint: .isDirectory))
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginError.generatorFailed(status: process.terminationStatus)
        }
    }
}
