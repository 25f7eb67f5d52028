/// The user agreement bundled with the library, in Russian and English (`<lang>.lproj/UserAgreement.txt`).
public enum UserAgreement {
    /// The agreement's text in a language (English when that language's file is missing).
    /// - Parameter language: The language.
    /// - Returns: The text; empty only if the bundle lacks both files.
    public static func text(_ language: AppLanguage) -> String {
        let data = ResourceFiles.localizedData(named: "UserAgreement.txt", language: language)
            ?? ResourceFiles.localizedData(named: "UserAgreement.txt", language: .en)
        return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
