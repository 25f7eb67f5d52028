import Foundation

/// Reads the library's bundled resources (`Bundle.module`): the string tables, the user agreement and the
/// stories.
enum ResourceFiles {
    /// The folder of a language's resources (`ru.lproj`), or nil when missing.
    static func localizationFolder(_ language: AppLanguage) -> URL? {
        Bundle.module.path(forResource: language.rawValue, ofType: "lproj").map { URL(fileURLWithPath: $0) }
    }

    /// The bytes of a file in a language's folder.
    static func localizedData(named name: String, language: AppLanguage) -> Data? {
        guard let folder = localizationFolder(language) else { return nil }
        return try? Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// The `Localizable.strings` table of a language, key → text.
    static func stringsTable(language: AppLanguage) -> [String: String] {
        guard let data = localizedData(named: "Localizable.strings", language: language),
              let table = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                as? [String: String]
        else { return [:] }
        return table
    }

    /// A non-localized resource (`.process` flattens folders, so resources are looked up by name).
    static func url(named name: String, extension ext: String) -> URL? {
        Bundle.module.url(forResource: name, withExtension: ext)
            ?? Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Stories")
    }
}
