extension RaspKit.Strings {
    /// A station type code of the API as words: `train_station` → «вокзал» / "train station"; an unknown code
    /// with its underscores as spaces.
    /// - Parameter code: The `station_type` value.
    /// - Returns: The name.
    public func stationTypeName(_ code: String) -> String {
        let spaced = code.replacingOccurrences(of: "_", with: " ")
        guard language == .ru else { return spaced }
        return Self.russianStationTypes[code] ?? spaced
    }

    private static let russianStationTypes = [
        "station": "станция", "platform": "платформа", "stop": "остановочный пункт", "checkpoint": "блокпост",
        "post": "пост", "crossing": "разъезд", "overtaking_point": "обгонный пункт", "train_station": "вокзал",
        "airport": "аэропорт", "bus_station": "автовокзал", "bus_stop": "автобусная остановка", "unknown": "станция",
        "port": "порт", "port_point": "портпункт", "wharf": "пристань", "river_port": "речной вокзал",
        "marine_station": "морской вокзал",
    ]
}
