/// Plural categories the string tables use as key suffixes (`.one`, `.few`, `.many`).
///
/// `.stringsdict` files are not read by Foundation on Linux, so the plural rule lives here: CLDR's rules for
/// Russian integers, and English's one/other (where `.few` is never produced and `.many` stands for "other").
enum PluralCategory: String, Sendable {
    case one, few, many

    /// The category of `count` in `language`.
    init(_ count: Int, language: AppLanguage) {
        let n = abs(count)
        switch language {
        case .en:
            self = n == 1 ? .one : .many
        case .ru:
            let lastDigit = n % 10, lastTwo = n % 100
            if lastDigit == 1 && lastTwo != 11 {
                self = .one
            } else if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) {
                self = .few
            } else {
                self = .many
            }
        }
    }
}
