/// Composes realistic Russian place and stop names from real name parts: «Берёзовка», «Нижнее Сосново»,
/// «Большие Ключи», «Усть-Каменка», «Красный Яр», «Октябрьский», «платформа 123 км», «Улица Ленина (в центр)».
enum SyntheticNames {
    // MARK: Settlements

    /// A settlement name; `turkic` leans toward Tatar and Bashkir village names.
    static func settlement(turkic: Bool, using random: inout SeededRandom) -> String {
        if turkic, random.chance(0.45) {
            return random.pick(turkicHeads) + random.pick(turkicTails)
        }
        switch random.unit() {
        case ..<0.50: return compound(using: &random)
        case ..<0.68: return adjective(agreeingWith: compound(using: &random), using: &random)
        case ..<0.78: return adjectiveNoun(using: &random)
        case ..<0.88: return random.pick(sovietNames)
        case ..<0.93: return "Усть-" + capitalized(random.pick(rivers))
        case ..<0.97: return compound(using: &random) + "-" + random.pick(hyphenTails)
        default: return "Разъезд \(random.int(1...120))"
        }
    }

    /// A root with a suffix: «Сосновка», «Ивановское», «Каменск».
    private static func compound(using random: inout SeededRandom) -> String {
        capitalized(random.pick(roots) + random.pick(suffixes))
    }

    /// «Нижнее» + «Сосново», agreeing in gender and number with the name's ending.
    private static func adjective(agreeingWith name: String, using random: inout SeededRandom) -> String {
        let forms = random.pick(adjectives)
        let form: String
        if name.hasSuffix("ы") || name.hasSuffix("и") {
            form = forms.3
        } else if name.hasSuffix("а") || name.hasSuffix("я") {
            form = forms.1
        } else if name.hasSuffix("о") || name.hasSuffix("е") {
            form = forms.2
        } else {
            form = forms.0
        }
        return form + " " + name
    }

    private static func adjectiveNoun(using random: inout SeededRandom) -> String {
        let forms = random.pick(adjectives)
        switch random.int(0...3) {
        case 0: return forms.0 + " " + random.pick(masculineNouns)
        case 1: return forms.1 + " " + random.pick(feminineNouns)
        case 2: return forms.2 + " " + random.pick(neuterNouns)
        default: return forms.3 + " " + random.pick(pluralNouns)
        }
    }

    private static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    // MARK: Stations

    /// A station of a settlement named `town`: its title, station type and transport type codes, and whether
    /// it is a railway stop (which gets a direction and an ESR code).
    static func station(
        in town: String, index: Int, bigCity: Bool, using random: inout SeededRandom
    ) -> (title: String, type: String, transport: String, rail: Bool) {
        if index == 0 {
            switch random.unit() {
            case ..<0.45: return (town, "bus_stop", "bus", false)
            case ..<0.70: return (town, "station", "train", true)
            case ..<0.80: return (town + ", автостанция", "bus_station", "bus", false)
            case ..<0.92: return ("платформа \(random.int(2...350)) км", "platform", "suburban", true)
            case ..<0.97: return ("\(random.int(2...2500)) км", "stop", "suburban", true)
            default: return ("Пристань " + town, "wharf", "water", false)
            }
        }
        switch random.unit() {
        case ..<(bigCity ? 0.75 : 0.40):
            let name = random.pick(streetNames)
            let kind = name.hasSuffix("ая") ? random.pick(["улица", "площадь"]) : random.pick(streetKinds)
            let side = random.chance(0.15) ? random.pick([" (в центр)", " (из центра)"]) : ""
            return (capitalized(kind) + " " + name + side, "bus_stop", "bus", false)
        case ..<0.62: return (random.pick(landmarks), "bus_stop", "bus", false)
        case ..<0.74: return (town + "-" + random.pick(stationTails), "station", "train", true)
        case ..<0.88: return ("платформа \(random.int(2...350)) км", "platform", "suburban", true)
        case ..<0.93: return ("\(random.int(2...2500)) км", "stop", "suburban", true)
        case ..<0.97 where index == 1: return (town + ", автовокзал", "bus_station", "bus", false)
        case ..<0.99 where index == 2: return ("Аэропорт " + town, "airport", "plane", false)
        case ..<1 where index == 3: return ("Речной вокзал " + town, "river_port", "water", false)
        default: return (random.pick(landmarks), "bus_stop", "bus", false)
        }
    }

    // MARK: Parts

    private static let roots = [
        "берёз", "сосн", "дуб", "лип", "ольх", "рябин", "ключ", "озёр", "камен", "красн", "бел", "чёрн", "солов",
        "журав", "лебяж", "медвед", "волч", "лис", "бобр", "иван", "петр", "никол", "михайл", "алексе", "андре",
        "василь", "григор", "дмитр", "покр", "воскресен", "троиц", "успен", "богородиц", "спас", "знамен", "горн",
        "полев", "лугов", "речн", "заречн", "подгорн", "ярослав", "влади", "кур", "бор", "топол", "вишн", "яблон",
        "калин", "малин", "мельнич", "кузнеч", "рыбн", "остр", "гор", "дол", "овраж", "пес", "глин", "быстр",
        "тих", "светл", "холодн", "сух", "ельн", "осин", "клён", "сокол", "орл", "гусев", "утк", "зайц", "лоск",
        "круж", "бобров", "семён", "фёдор", "павл", "степан", "тимоф", "ерм", "кондрат", "прокоп", "ильин",
    ]
    private static let suffixes = [
        "ово", "ево", "ино", "ка", "овка", "евка", "ское", "ский", "ск", "ное", "ная", "ный", "цы", "ичи", "ье",
        "ки", "ино", "овка", "овское", "иха", "ищево", "овец",
    ]
    private static let adjectives: [(String, String, String, String)] = [
        ("Новый", "Новая", "Новое", "Новые"), ("Старый", "Старая", "Старое", "Старые"),
        ("Верхний", "Верхняя", "Верхнее", "Верхние"), ("Нижний", "Нижняя", "Нижнее", "Нижние"),
        ("Большой", "Большая", "Большое", "Большие"), ("Малый", "Малая", "Малое", "Малые"),
        ("Красный", "Красная", "Красное", "Красные"), ("Белый", "Белая", "Белое", "Белые"),
        ("Средний", "Средняя", "Среднее", "Средние"), ("Дальний", "Дальняя", "Дальнее", "Дальние"),
        ("Чёрный", "Чёрная", "Чёрное", "Чёрные"), ("Зелёный", "Зелёная", "Зелёное", "Зелёные"),
        ("Лесной", "Лесная", "Лесное", "Лесные"), ("Русский", "Русская", "Русское", "Русские"),
    ]
    private static let masculineNouns = [
        "Бор", "Луг", "Городок", "Посёлок", "Хутор", "Ключ", "Яр", "Курган", "Брод", "Кут",
    ]
    private static let feminineNouns = [
        "Поляна", "Слобода", "Горка", "Речка", "Роща", "Дубрава", "Деревня", "Каменка", "Мельница", "Грива",
    ]
    private static let neuterNouns = ["Село", "Поле", "Озеро", "Городище", "Заречье", "Поречье", "Устье", "Займище"]
    private static let pluralNouns = ["Выселки", "Дворы", "Ключи", "Горки", "Поляны", "Луки", "Пруды", "Ручьи", "Мосты"]
    private static let sovietNames = [
        "Пионерский", "Комсомольский", "Октябрьский", "Первомайский", "Советский", "Заводской", "Шахтёрский",
        "Энергетик", "Молодёжный", "Солнечный", "Южный", "Северный", "Лесной", "Кировский", "Пролетарский",
        "Красноармейский", "Октябрьское", "Первомайское", "Победа", "Рассвет", "Восход", "Заря", "Дружба",
        "имени Ленина", "имени Свердлова", "Мирный", "Юбилейный", "Новостройка", "Приморский", "Луч",
    ]
    private static let rivers = [
        "кут", "илим", "лабинск", "кан", "катав", "омск", "каменка", "ордынский", "баргузин", "ишим", "уда",
        "тарка", "цильма", "куломка", "нера", "мая", "вага", "донецкий", "джегута", "ижма",
    ]
    private static let hyphenTails = [
        "Уральский", "Сибирский", "Камский", "Волжский", "Донской", "на-Волге", "на-Дону", "на-Оке", "на-Амуре",
    ]
    private static let turkicHeads = [
        "Ак", "Кара", "Кзыл", "Таш", "Тау", "Яр", "Бай", "Юл", "Ал", "Сары", "Кук", "Су", "Ильм", "Мамад", "Уч", "Шем",
    ]
    private static let turkicTails = [
        "тау", "куль", "баш", "яр", "ово", "ево", "кент", "ул", "кой", "тамак", "елга", "будак", "ташево", "алан",
    ]
    private static let streetKinds = ["улица", "проспект", "переулок", "бульвар", "шоссе", "площадь"]
    private static let streetNames = [
        "Ленина", "Гагарина", "Пушкина", "Кирова", "Мира", "Советская", "Садовая", "Лесная", "Молодёжная",
        "Центральная", "Школьная", "Набережная", "Заводская", "Комсомольская", "Октябрьская", "Первомайская",
        "Чехова", "Горького", "Лермонтова", "Маяковского", "Свердлова", "Победы", "Строителей", "Космонавтов",
        "Энтузиастов", "Фрунзе", "Калинина", "Жукова", "Суворова", "Кутузова", "Мичурина", "Герцена",
        "Некрасова", "Толстого", "Тургенева", "Королёва", "Циолковского", "Есенина", "Ломоносова", "Менделеева",
    ]
    private static let landmarks = [
        "Школа", "Больница", "Поликлиника", "Рынок", "Центральный рынок", "Почта", "Администрация", "Стадион",
        "Парк культуры", "Дом культуры", "Микрорайон Северный", "Микрорайон Южный", "Завод", "Элеватор",
        "Кладбище", "Автостанция", "Церковь", "Магазин", "Сельсовет", "Поворот", "Мост", "Пруд", "Ферма",
    ]
    private static let stationTails = [
        "1", "2", "3", "Пассажирский", "Товарный", "Сортировочный", "Главный", "Южный", "Северный", "Новый",
    ]
}
