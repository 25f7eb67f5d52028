extension StationDirectory {
    /// The settlement value of entry `entry`.
    func settlement(at entry: Int) -> Settlement {
        let columns = storage.settlements
        let text = storage.text
        let region = Int(columns.regions[entry])
        let country = Int(storage.regions.parents[region])
        var latitude = 0.0
        var longitude = 0.0
        var located = 0.0
        for station in columns.stations(of: entry) {
            let stationLatitude = storage.stations.latitudes[station]
            let stationLongitude = storage.stations.longitudes[station]
            guard !stationLatitude.isNaN, !stationLongitude.isNaN else { continue }
            latitude += stationLatitude
            longitude += stationLongitude
            located += 1
        }
        return Settlement(
            code: columns.codes.code(of: entry, text: text) ?? "",
            title: text.string(columns.titles[entry]),
            popularTitle: columns.aliases.text(of: entry).map(text.string),
            regionTitle: text.optionalString(storage.regions.titles[region]),
            regionCode: text.optionalString(storage.regions.codes[region]),
            countryTitle: text.optionalString(storage.countries.titles[country]),
            countryCode: text.optionalString(storage.countries.codes[country]),
            stationCount: Int(columns.stationCounts[entry]),
            latitude: located > 0 ? latitude / located : nil,
            longitude: located > 0 ? longitude / located : nil
        )
    }

    /// The station value of entry `entry`.
    func station(at entry: Int) -> Station {
        let columns = storage.stations
        let text = storage.text
        let settlement = Int(columns.settlements[entry])
        let region = Int(storage.settlements.regions[settlement])
        let country = Int(storage.regions.parents[region])
        let latitude = columns.latitudes[entry]
        let longitude = columns.longitudes[entry]
        return Station(
            code: columns.codes.code(of: entry, text: text) ?? "",
            title: text.string(columns.titles[entry]),
            popularTitle: columns.aliases.text(of: entry).map(text.string),
            stationType: StationType(rawValue: text.string(storage.values[Int(columns.types[entry])])),
            transportType: TransportType(rawValue: text.string(storage.values[Int(columns.transports[entry])])),
            latitude: latitude.isNaN ? nil : latitude,
            longitude: longitude.isNaN ? nil : longitude,
            settlementCode: storage.settlements.codes.code(of: settlement, text: text),
            settlementTitle: text.string(storage.settlements.titles[settlement]),
            regionTitle: text.optionalString(storage.regions.titles[region]),
            countryTitle: text.optionalString(storage.countries.titles[country]),
            direction: text.optionalString(storage.values[Int(columns.directions[entry])]),
            esrCode: text.optionalString(columns.esrCodes[entry])
        )
    }
}
