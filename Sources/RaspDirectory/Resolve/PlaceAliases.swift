/// Names travellers use for places that are not the directory's names: abbreviations (СПб, мск, Екб), colloquial and
/// historical names (Питер, Ленинград, Свердловск) and English exonyms that transliteration cannot reach (Moscow,
/// Saint Petersburg, Nizhny Novgorod). One table, read by ``canonicalName(for:)``.
///
/// Each alias maps to the settlement's name as the Rasp directory spells it; the caller resolves that name like any
/// other, so an alias of a place a directory does not have resolves to nothing rather than to something else.
public enum PlaceAliases {
    /// The directory name an alias stands for, or nil. Case, `ё`/`е`, dots, hyphens and spaces do not matter.
    public static func canonicalName(for text: String) -> String? {
        table[key(text)]
    }

    /// Every alias with its name, for listing (`rasp stations --aliases`) and tests.
    public static let entries: [(name: String, aliases: [String])] = [
        ("Москва", ["мск", "msk", "moscow", "moskau", "moscou", "москва-сити"]),
        ("Санкт-Петербург", ["спб", "с-пб", "с.-петербург", "питер", "петербург", "ленинград", "петроград", "spb",
                             "piter", "saint petersburg", "st petersburg", "st. petersburg", "sankt-peterburg",
                             "petersburg", "leningrad"]),
        ("Екатеринбург", ["екб", "екат", "ёбург", "свердловск", "ekb", "yekaterinburg", "ekaterinburg", "sverdlovsk"]),
        ("Новосибирск", ["нск", "нсб", "новосиб", "nsk", "novosibirsk"]),
        ("Нижний Новгород", ["нн", "ннов", "нижний", "горький", "nizhny novgorod", "nizhniy novgorod", "gorky"]),
        ("Казань", ["кзн", "kazan"]),
        ("Самара", ["смр", "куйбышев", "samara", "kuibyshev"]),
        ("Волгоград", ["сталинград", "царицын", "volgograd", "stalingrad"]),
        ("Ростов-на-Дону", ["рнд", "ростов-дон", "rostov-on-don", "rostov-na-donu"]),
        ("Владивосток", ["владик", "vladivostok"]),
        ("Калининград", ["кёниг", "кенигсберг", "kaliningrad", "königsberg", "konigsberg"]),
        ("Краснодар", ["крд", "екатеринодар", "krasnodar"]),
        ("Челябинск", ["чел", "челяба", "chelyabinsk"]),
        ("Тольятти", ["тлт", "togliatti", "tolyatti"]),
        ("Набережные Челны", ["челны", "naberezhnye chelny"]),
        ("Архангельск", ["archangel", "arkhangelsk"]),
        ("Минск", ["minsk"]),
        ("Киев", ["kyiv", "kiev", "київ"]),
        ("Алматы", ["алма-ата", "almaty", "alma-ata"]),
        ("Астана", ["нур-султан", "акмола", "целиноград", "nur-sultan", "astana"]),
        ("Бишкек", ["фрунзе", "bishkek", "frunze"]),
        ("Ташкент", ["tashkent"]),
        ("Тбилиси", ["тифлис", "tbilisi", "tiflis"]),
    ]

    private static let table: [String: String] = {
        var table: [String: String] = [:]
        for entry in entries {
            for alias in entry.aliases { table[key(alias)] = entry.name }
        }
        return table
    }()

    /// Lower case, `ё` as `е`, letters and digits only, words joined by one space (`с.-петербург` → `с петербург`).
    static func key(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "ё", with: "е").replacingOccurrences(of: "ö", with: "o")
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: " ")
    }
}
