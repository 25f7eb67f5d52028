/// The demo geography: countries, regions and settlements with their stations.
///
/// **Demo data, not real timetables.** Settlement codes are Yandex region ids (the `c…` codes the Rasp API uses).
/// These were checked against public sources: c213, c2, c146, c10883 (real API samples), c54, c56, c11, c77,
/// c10758 (Yandex's own API smoke tests), c162 (Yandex's region list). The others are Yandex geobase ids given from
/// memory and are believed right but **unverified**. Region (`r…`) codes are likewise geobase ids: r10705 (a real
/// `stations_list` sample), r11235, r11375, r29403 and r29406 (Yandex's region list) are checked, the rest are
/// unverified. Station codes are real where a source showed them (see each city file); every other station has a
/// made-up `s99…` code and is marked `demo` there.
enum DemoGeography {
    /// Every country, in `stations_list` order.
    static let countries: [DemoCountry] = [
        DemoCountry(code: "l225", title: "Россия"),
        DemoCountry(code: "l149", title: "Беларусь"),
        DemoCountry(code: "l159", title: "Казахстан"),
    ]

    /// Every region, in `stations_list` order.
    static let regions: [DemoRegion] = [
        DemoRegion(code: "r1", title: "Москва и Московская область", countryCode: "l225"),
        DemoRegion(code: "r10174", title: "Санкт-Петербург и Ленинградская область", countryCode: "l225"),
        DemoRegion(code: "r10904", title: "Новгородская область", countryCode: "l225"),
        DemoRegion(code: "r10819", title: "Тверская область", countryCode: "l225"),
        DemoRegion(code: "r10841", title: "Ярославская область", countryCode: "l225"),
        DemoRegion(code: "r10658", title: "Владимирская область", countryCode: "l225"),
        DemoRegion(code: "r10776", title: "Рязанская область", countryCode: "l225"),
        DemoRegion(code: "r10832", title: "Тульская область", countryCode: "l225"),
        DemoRegion(code: "r10672", title: "Воронежская область", countryCode: "l225"),
        DemoRegion(code: "r10857", title: "Калининградская область", countryCode: "l225"),
        DemoRegion(code: "r11156", title: "Чувашская Республика", countryCode: "l225"),
        DemoRegion(code: "r11119", title: "Республика Татарстан", countryCode: "l225"),
        DemoRegion(code: "r11079", title: "Нижегородская область", countryCode: "l225"),
        DemoRegion(code: "r11131", title: "Самарская область", countryCode: "l225"),
        DemoRegion(code: "r11153", title: "Ульяновская область", countryCode: "l225"),
        DemoRegion(code: "r11146", title: "Саратовская область", countryCode: "l225"),
        DemoRegion(code: "r10950", title: "Волгоградская область", countryCode: "l225"),
        DemoRegion(code: "r11029", title: "Ростовская область", countryCode: "l225"),
        DemoRegion(code: "r10995", title: "Краснодарский край", countryCode: "l225"),
        DemoRegion(code: "r977", title: "Республика Крым", countryCode: "l225"),
        DemoRegion(code: "r11162", title: "Свердловская область", countryCode: "l225"),
        DemoRegion(code: "r11225", title: "Челябинская область", countryCode: "l225"),
        DemoRegion(code: "r11111", title: "Республика Башкортостан", countryCode: "l225"),
        DemoRegion(code: "r11108", title: "Пермский край", countryCode: "l225"),
        DemoRegion(code: "r11176", title: "Тюменская область", countryCode: "l225"),
        DemoRegion(code: "r11318", title: "Омская область", countryCode: "l225"),
        DemoRegion(code: "r11316", title: "Новосибирская область", countryCode: "l225"),
        DemoRegion(code: "r11235", title: "Алтайский край", countryCode: "l225"),
        DemoRegion(code: "r11309", title: "Красноярский край", countryCode: "l225"),
        DemoRegion(code: "r11266", title: "Иркутская область", countryCode: "l225"),
        DemoRegion(code: "r11375", title: "Амурская область", countryCode: "l225"),
        DemoRegion(code: "r11457", title: "Хабаровский край", countryCode: "l225"),
        DemoRegion(code: "r11409", title: "Приморский край", countryCode: "l225"),
        DemoRegion(code: "r29630", title: "Минская область", countryCode: "l149"),
        DemoRegion(code: "r29406", title: "Алматинская область", countryCode: "l159"),
        DemoRegion(code: "r29403", title: "Акмолинская область", countryCode: "l159"),
    ]

    /// Every settlement, in `stations_list` order.
    static let cities: [DemoCity] = central + volgaAndSouth + uralsAndEast + neighbours
}
