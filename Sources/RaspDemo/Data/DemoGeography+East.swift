extension DemoGeography {
    /// The Urals, Siberia and the Far East.
    ///
    /// Real station codes: s9607404 (Yekaterinburg-Passazhirsky, ESR 780506) and s9600370 (Koltsovo), both from
    /// Yandex's API smoke tests. ESR 800008 for Chelyabinsk is inferred from the same tests (an ESR search paired
    /// with 780506) and is **unverified**. Every `s99…` code is made up (demo). Coordinates are approximate.
    static let uralsAndEast: [DemoCity] = [
        DemoCity("c54", "Екатеринбург", region: "r11162", zone: .yekaterinburg, 56.838011, 60.597465, stations: [
            .train("s9607404", "Екатеринбург-Пассажирский", short: "Екб-Пасс.", 56.858358, 60.603318, esr: "780506",
                   direction: "Свердловское"),
            .airport("s9600370", "Кольцово", 56.743108, 60.802728),
            .bus("s9900301", "Екатеринбург, Северный автовокзал", popular: "", 56.858691, 60.600299),
        ]),
        DemoCity("c56", "Челябинск", region: "r11225", zone: .yekaterinburg, 55.159902, 61.402554, stations: [
            .train("s9900302", "Челябинск-Главный", 55.143312, 61.414812, esr: "800008", direction: "Южно-Уральское"),
            .airport("s9900303", "Баландино", 55.305836, 61.503333),
            .bus("s9900304", "Челябинск, автовокзал «Юность»", popular: "", 55.158012, 61.372015),
        ]),
        DemoCity("c172", "Уфа", region: "r11111", zone: .yekaterinburg, 54.735152, 55.958736, stations: [
            .train("s9900305", "Уфа", 54.764012, 56.004118, direction: "Куйбышевское"),
            .airport("s9900306", "Уфа", 54.557511, 55.874417),
        ]),
        DemoCity("c50", "Пермь", region: "r11108", zone: .yekaterinburg, 58.01045, 56.229434, stations: [
            .train("s9900307", "Пермь-2", 58.006012, 56.188416, direction: "Свердловское"),
            .airport("s9900308", "Большое Савино", 57.914517, 56.021214),
        ]),
        DemoCity("c55", "Тюмень", region: "r11176", zone: .yekaterinburg, 57.152985, 65.541227, stations: [
            .train("s9900309", "Тюмень", 57.143712, 65.556418, direction: "Свердловское"),
            .airport("s9900310", "Рощино", 57.189567, 65.324300),
        ]),
        DemoCity("c66", "Омск", region: "r11318", zone: .omsk, 54.989347, 73.368221, stations: [
            .train("s9900311", "Омск-Пассажирский", 54.939712, 73.385612, direction: "Западно-Сибирское"),
            .airport("s9900312", "Омск", 54.967012, 73.310512),
        ]),
        DemoCity("c65", "Новосибирск", region: "r11316", zone: .novosibirsk, 55.030199, 82.92043, stations: [
            .train("s9900313", "Новосибирск-Главный", 55.035712, 82.897812, direction: "Западно-Сибирское"),
            .airport("s9900314", "Толмачёво", 55.012622, 82.650656),
            .bus("s9900315", "Новосибирск, автовокзал", popular: "", 55.027612, 82.925012),
        ]),
        DemoCity("c197", "Барнаул", region: "r11235", zone: .barnaul, 53.348053, 83.779875, stations: [
            .train("s9900316", "Барнаул", 53.337012, 83.789012, direction: "Западно-Сибирское"),
            .airport("s9900317", "Барнаул", 53.363775, 83.538456),
            .bus("s9900328", "Барнаул, автовокзал", popular: "", 53.339512, 83.780112),
        ]),
        DemoCity("c62", "Красноярск", region: "r11309", zone: .krasnoyarsk, 56.010563, 92.852572, stations: [
            .train("s9900318", "Красноярск-Пассажирский", 56.007612, 92.868312, direction: "Красноярское"),
            .airport("s9900319", "Емельяново", 56.172946, 92.493302),
        ]),
        DemoCity("c63", "Иркутск", region: "r11266", zone: .irkutsk, 52.289588, 104.280606, stations: [
            .train("s9900320", "Иркутск-Пассажирский", 52.283512, 104.259112, direction: "Восточно-Сибирское"),
            .airport("s9900321", "Иркутск", 52.268028, 104.388975),
        ]),
        DemoCity("c77", "Благовещенск", region: "r11375", zone: .yakutsk, 50.29064, 127.527173, stations: [
            .train("s9900322", "Благовещенск", 50.278112, 127.517012, direction: "Забайкальское"),
            .airport("s9900323", "Игнатьево", 50.425394, 127.412478),
        ]),
        DemoCity("c76", "Хабаровск", region: "r11457", zone: .vladivostok, 48.480223, 135.071917, stations: [
            .train("s9900324", "Хабаровск-1", 48.498212, 135.102012, direction: "Дальневосточное"),
            .airport("s9900325", "Хабаровск (Новый)", 48.528044, 135.188361),
        ]),
        DemoCity("c75", "Владивосток", region: "r11409", zone: .vladivostok, 43.115536, 131.885485, stations: [
            .train("s9900326", "Владивосток", 43.111212, 131.881612, direction: "Дальневосточное"),
            .airport("s9900327", "Кневичи", 43.398953, 132.148017),
        ]),
    ]
}
