import Foundation

/// What the Rasp generator plugins report when a target or package is not set up for them.
///
/// Every message names the place it looked at and says what to do about it.
enum PluginError: Error, CustomStringConvertible, LocalizedError {
    /// No OpenAPI document was found.
    case missingSpec(place: String)
    /// More than one OpenAPI document was found.
    case severalSpecs(place: String, names: [String])
    /// No `rasp-generate.yaml` was found (for the document named `prefix`, "" for the unnamed one).
    case missingConfig(place: String, prefix: String)
    /// A `<Name>.openapi.yaml` whose name cannot name an enum.
    case badNamespace(place: String, name: String)
    /// More than one generator config was found.
    case severalConfigs(place: String, names: [String])
    /// Several of the above at once, so one build shows every problem.
    case several([PluginError])
    /// An argument the command plugin does not know.
    case unknownArguments([String])
    /// `rasp-generate` exited with a failure (it has printed the reason).
    case generatorFailed(status: Int32)

    var description: String {
        switch self {
        case .missingSpec(let place):
            "\(place) has no OpenAPI document: add one named \(Self.list(GeneratorInputs.specNames))"
        case .severalSpecs(let place, let names):
            "\(place) has \(names.count) OpenAPI documents (\(Self.list(names))): keep exactly one, or name each "
                + "`<Name>.openapi.yaml` to generate it inside `enum <Name>`"
        case .missingConfig(let place, let prefix):
            "\(place) has no generator config: add `\(prefix.isEmpty ? "" : prefix + ".")"
                + "\(GeneratorInputs.configNames[0])` beside the OpenAPI document "
                + "(an empty file gives the defaults; `accessModifier: public` to export the client)"
        case .badNamespace(let place, let name):
            "\(place) has `\(name).openapi…`, but `\(name)` cannot name the enum its client goes in: start it "
                + "with an upper-case ASCII letter, then letters, digits or `_`"
        case .severalConfigs(let place, let names):
            "\(place) has \(names.count) generator configs (\(Self.list(names))): keep exactly one"
        case .several(let errors):
            "\(errors.count) problems:\n" + errors.map { "  - \($0.description)" }.joined(separator: "\n")
        case .unknownArguments(let arguments):
            "unknown arguments: \(arguments.joined(separator: " ")) (usage: generate-client [--output FOLDER])"
        case .generatorFailed(let status):
            "rasp-generate failed with exit code \(status)"
        }
    }

    var errorDescription: String? { description }

    private static func list(_ names: [String]) -> String {
        names.map { "`\($0)`" }.joined(separator: ", ")
    }
}
