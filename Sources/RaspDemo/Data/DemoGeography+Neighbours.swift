extension DemoGeography {
    /// A few cities of neighbouring countries (CIS), for international threads.
    ///
    /// c157 (Minsk) and c163 (Astana) are unverified Yandex geobase ids; c162 (Almaty) is checked. Every station
    /// code is made up (demo). Coordinates are approximate.
    static let neighbours: [DemoCity] = [
        DemoCity("c157", "Минск", region: "r29630", zone: .minsk, 53.902496, 27.561481, stations: [
            .train("s9900401", "Минск-Пассажирский", 53.890612, 27.551412, direction: "Белорусское"),
            .airport("s9900402", "Минск", 53.882469, 28.030731),
        ]),
        DemoCity("c162", "Алматы", region: "r29406", zone: .almaty, 43.238949, 76.889709, stations: [
            .train("s9900403", "Алматы-2", 43.271012, 76.941012, direction: ""),
            .airport("s9900404", "Алматы", 43.352072, 77.040508),
        ]),
        DemoCity("c163", "Астана", region: "r29403", zone: .almaty, 51.128207, 71.430411, stations: [
            .train("s9900405", "Нурлы Жол", 51.113012, 71.531012, direction: ""),
            .airport("s9900406", "Астана", 51.022222, 71.466944),
        ]),
    ]
}
