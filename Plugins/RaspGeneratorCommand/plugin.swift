import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-client [--output FOLDER]`
///
/// Regenerates the checked-in clients from the OpenAPI documents and configs at the package root: `openapi.yaml`
/// with `rasp-generate.yaml` into FOLDER (default `Generated/RaspAPI`), and each `<Name>.openapi.yaml` with
/// `<Name>.rasp-generate.yaml` into `FOLDER/<Name>`, inside `enum <Name>`. `rasp-generate` rewrites only files whose
/// bytes change, so running it on current clients touches nothing.
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
        let place = "the root of package '\(context.package.displayName)'"
        let folder = root.appending(path: output, directoryHint: .isDirectory)
        for inputs in try GeneratorInputs.runs(files: files, place: place) {
            let process = Process()
            process.executableURL = try context.tool(named: "rasp-generate").url
            let destination = inputs.namespace.map { folder.appending(path: $0, directoryHint: .isDirectory) } ?? folder
            process.arguments = inputs.arguments(output: destination)
            try process.run()
            process.waitUntilExit()
            guard process.terminationReason == .exit, process.terminationStatus == 0 else {
                throw PluginError.generatorFailed(status: process.terminationStatus)
            }
        }
    }
}
