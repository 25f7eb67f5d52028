import Foundation

/// The stories that ship with the library: `Resources/Stories/stories.json` lists them, their texts are in the
/// string tables (`story.<n>.title`, `story.<n>.text`) and their images are PNG resources.
public enum StoryLibrary {
    /// Reading the bundled stories failed.
    public enum LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// `stories.json` is missing from the bundle.
        case manifestMissing
        /// `stories.json` did not decode.
        case manifestUnreadable(String)
        /// A story names an image that is not in the bundle.
        case imageMissing(story: String, image: String)

        public var description: String {
            switch self {
            case .manifestMissing: "stories.json is not in the RaspKit bundle"
            case .manifestUnreadable(let reason): "stories.json could not be read: \(reason)"
            case .imageMissing(let story, let image):
                "story \(story) names \(image), which is not in the RaspKit bundle"
            }
        }
    }

    /// One entry of `stories.json`.
    struct Entry: Decodable {
        var id: String
        var titleKey: String
        var textKey: String
        var preview: String
        var images: [String]
    }

    /// The bundled stories in `strings`' language, in the manifest's order.
    /// - Parameter strings: The language of titles and texts.
    /// - Returns: The stories.
    /// - Throws: ``LoadError`` when the manifest or an image is missing.
    public static func bundled(strings: RaspKit.Strings = .init()) throws -> [Story] {
        guard let manifest = ResourceFiles.url(named: "stories", extension: "json") else {
            throw LoadError.manifestMissing
        }
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: manifest))
        } catch {
            throw LoadError.manifestUnreadable("\(error)")
        }
        let table = RaspKit.Strings.table(strings.language)
        return try entries.map { entry in
            func image(_ name: String) throws -> StoryImage {
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2, let url = ResourceFiles.url(named: parts[0], extension: parts[1]) else {
                    throw LoadError.imageMissing(story: entry.id, image: name)
                }
                return StoryImage(name: name, url: url)
            }
            return Story(id: entry.id, title: table[entry.titleKey] ?? entry.titleKey,
                         text: table[entry.textKey] ?? entry.textKey,
                         preview: try image(entry.preview), images: try entry.images.map(image))
        }
    }
}
