/// The demo network. **Demo data, not real timetables**: carriers, numbers and times are made up (fixed times for
/// Москва — Санкт-Петербург, hashed ones elsewhere).
///
/// Москва — Санкт-Петербург has daily departures in every part of the day (night 00–06, morning 06–12, day
/// 12–18, evening 18–24) by plane, Sapsan, night train and bus. Some pairs are reachable only with a transfer:
/// Калининград — Сочи and Екатеринбург — Рязань (via Москва), Приозерск — Москва (via Санкт-Петербург).
enum DemoLinks {
    static let all: [DemoLink] = moscowStPetersburg + fromMoscow + rail + regional + local

    /// Москва — Санкт-Петербург, with fixed times.
    static let moscowStPetersburg: [DemoLink] = [
        .plane("c213", "c2", 0, [26, 9144, 23, 30, 8565],
               times: ["01:05", "06:40", "08:25", "10:15", "12:00", "14:30", "17:40", "19:30", "21:50"],
               back: ["00:50", "06:55", "09:10", "11:20", "13:15", "15:45", "18:05", "20:30", "22:40"]),
        .rail(.sapsan, ["s2006004", "c14", "s9602494"], 0, [4240],
              times: ["05:50", "07:00", "09:00", "11:30", "13:30", "15:30", "18:40", "20:00"],
              back: ["05:45", "07:10", "09:15", "11:40", "13:40", "16:00", "19:00", "20:25"]),
        .rail(.train, ["s2006004", "c14", "c24", "s9602494"], 0, [112],
              times: ["00:44", "21:30", "22:50", "23:55"], back: ["00:25", "21:10", "22:30", "23:55"]),
        .bus(["s9900101", "c14", "c24", "s9900103"], 0, [nil, 129],
             times: ["08:00", "16:30", "22:00"], back: ["07:30", "15:00", "23:00"]),
    ]

    /// Flights from Moscow.
    static let fromMoscow: [DemoLink] = [
        .plane("c213", "c54", 6, [26, 30, 23, 9144]), .plane("c213", "c65", 5, [26, 23, 9144]),
        .plane("c213", "c43", 4, [26, 9144]), .plane("c213", "c39", 4, [26, 9144, 8565]),
        .plane("c213", "c35", 5, [26, 9144, 23]), .plane("c213", "c51", 3, [26, 9144]),
        .plane("c213", "c66", 2, [26, 23]), .plane("c213", "c172", 3, [26, 9144]),
        .plane("c213", "c56", 3, [26, 30]), .plane("c213", "c62", 3, [26, 23]),
        .plane("c213", "c193", 2, [26]), .plane("c213", "c50", 3, [26, 9144]),
        .plane("c213", "c38", 2, [26, 9144]), .plane("c213", "c239", 6, [26, 9144, 23, 2543]),
        .plane("c213", "c22", 5, [26, 9144, 8565]), .plane("c213", "c63", 2, [26, 23]),
        .plane("c213", "c75", 3, [26, 23]), .plane("c213", "c197", 2, [26, 23]),
        .plane("c213", "c195", 1, [26]), .plane("c213", "c55", 2, [26, 30]),
        .plane("c213", "c76", 2, [26]), .plane("c213", "c77", 1, [26]),
        .plane("c213", "c146", 3, [26, 8565]), .plane("c213", "c157", 2, [90001, 26]),
        .plane("c213", "c162", 2, [90002, 26]), .plane("c213", "c163", 1, [90002]),
        .plane("c213", "c45", 2, [9144, 26]), .plane("c213", "c194", 2, [26]),
    ]

    /// Long-distance trains.
    static let rail: [DemoLink] = [
        .rail(.lastochka, ["s2006004", "c14", "c24"], 2, [4240]),
        .rail(.lastochka, ["s2000003", "c192", "c47"], 4, [4240]),
        .rail(.train, ["s2000003", "c192", "c47", "c43"], 2, [112]),
        .rail(.train, ["s2000002", "c16"], 3, [112]),
        .rail(.train, ["s2000003", "c11"], 3, [112]),
        .rail(.train, ["s2000001", "c15"], 4, [112]),
        .rail(.train, ["s2000001", "c15", "c193", "c39"], 2, [112]),
        .rail(.train, ["s2000001", "c15", "c193", "c39", "c35", "s9900221", "s9900222"], 1, [112]),
        .rail(.train, ["s2000003", "c47", "c43", "c50", "c54"], 1, [112]),
        .rail(.train, ["s2000002", "c47", "c43", "c50", "c54", "c55", "c66", "c65"], 1, [112]),
        .rail(.train, ["s2000006", "c157", "c22"], 1, [112]),
        .rail(.train, ["s2000006", "c157"], 2, [112]),
        .rail(.train, ["s2000003", "c11", "c51"], 1, [112]),
        .rail(.train, ["s2000003", "c11", "c194"], 1, [112]),
        .rail(.train, ["s2000003", "c11", "c38"], 1, [112]),
        .rail(.train, ["s2000003", "c192", "c47", "c45"], 1, [112]),
        .rail(.train, ["c43", "c195", "c51"], 1, [112]),
        .rail(.train, ["c54", "c56"], 3, [112]),
        .rail(.train, ["c54", "c55"], 2, [112]),
        .rail(.train, ["c65", "c197"], 2, [112]),
        .rail(.train, ["c65", "c62", "c63"], 1, [112]),
        .rail(.train, ["c76", "c75"], 2, [112]),
        .rail(.train, ["c76", "c77"], 1, [112]),
        .rail(.train, ["c162", "c163"], 2, [nil]),
    ]

    /// Regional flights and buses away from Moscow.
    static let regional: [DemoLink] = [
        .plane("c2", "c54", 2, [26, 30]), .plane("c2", "c65", 1, [8565]), .plane("c2", "c43", 1, [8565]),
        .plane("c2", "c35", 2, [26, 8565]), .plane("c2", "c239", 3, [26, 8565, 9144]),
        .plane("c2", "c22", 3, [8565, 26]), .plane("c2", "c157", 1, [90001]), .plane("c2", "c51", 1, [8565]),
        .plane("c2", "c39", 1, [8565]), .plane("c54", "c65", 1, [30]), .plane("c65", "c75", 1, [23]),
        .plane("c65", "c63", 1, [23]), .plane("c54", "c239", 1, [30]), .plane("c54", "c162", 1, [90002]),
        .bus(["c54", "c56"], 5), .bus(["c39", "c35"], 4), .bus(["c35", "s9900224"], 3),
        .bus(["c43", "c45"], 2), .bus(["c65", "c197"], 2, [nil]),
    ]

    /// Suburban trains, short buses and interval threads.
    static let local: [DemoLink] = [
        .rail(.suburban, ["s9602497", "c10883"], 6, [1332]),
        .rail(.suburban, ["s2006004", "s9900102"], 10, [153]),
        .bus(["s9654496", "s9813869"], 4), .bus(["s9837534", "s9813869"], 2),
        .bus(["s9900101", "c14"], 6, [129]), .bus(["s9900101", "c16"], 3), .bus(["s9900101", "c192"], 4),
        .bus(["s9900101", "c11"], 4), .bus(["s9900101", "c15"], 5), .bus(["s9900103", "c24"], 4),
        .interval(.aeroexpress, ["s2000006", "s9881704"], carrier: 162, density: "поезд раз в 30 минут",
                  from: "05:30", to: "23:30"),
        .interval(.bus, ["s9900101", "s9743011"], carrier: nil, density: "автобус раз в 15–20 минут",
                  from: "06:00", to: "22:40"),
    ]
}
