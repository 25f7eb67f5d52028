import Foundation
import RaspAPI
import RaspRuntime
import Testing

// Decodes every recorded/hand-written response in `Tests/Fixtures` into the generated types, then checks the
// values that the Rasp API is known to get "wrong" (nulls, int/float numbers, open enums, two response shapes…).

// MARK: - Every fixture decodes

/// Every valid-JSON file of `samples/` and `edge/` decodes into its endpoint's response type and survives an
/// encode → decode round trip unchanged.
@Test("Fixture decodes into its endpoint's response type", arguments: Fixture.decodable)
func fixtureDecodes(_ fixture: Fixture) throws {
    let endpoint = try #require(fixture.endpoint, "no endpoint for the file-name prefix of \(fixture)")
    try endpoint.decodeAndRoundTrip(fixture.data())
}

/// The parametrized list really holds every file except the two documented exceptions.
@Test func decodableFixtureListIsComplete() throws {
    let all = Fixture.all(in: "samples") + Fixture.all(in: "edge")
    #expect(all.count >= 48, "the fixtures were not found under \(Fixture.root.path)")
    #expect(Fixture.decodable.count == all.count - 2)
    #expect(Set(all).subtracting(Fixture.decodable).map(\.name).sorted() == [
        Fixture.emptiedSegmentSample.name,
        "search_docs_example__ilyakutilin_raspbot.json",
    ])
}

/// The docs example is skipped because it is not JSON at all (`...` placeholders, a missing comma).
@Test func docsExampleIsNotValidJSON() throws {
    let data = try Fixture(folder: "samples", name: "search_docs_example__ilyakutilin_raspbot.json").data()
    #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: data) }
}

/// The author of this sample emptied its first segment (`"thread": {}`, `"from": {}`…): the file as a whole
/// must fail at `segments[0]`, and the other 31 segments must decode once that one is removed.
@Test func sampleWithEmptiedFirstSegment() throws {
    let data = try Fixture.emptiedSegmentSample.data()

    let error = try #require(throws: DecodingError.self) {
        try JSONCoding.decoder.decode(SearchResponse.self, from: data)
    }
    let failure = try #require(decodingFailure(error))
    #expect(failure.codingPath.hasPrefix("segments[0]"), "path: \(failure.codingPath)")

    var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var segments = try #require(json["segments"] as? [Any])
    segments.removeFirst()
    json["segments"] = segments
    let trimmed = try JSONSerialization.data(withJSONObject: json)

    let response = try JSONCoding.decoder.decode(SearchResponse.self, from: trimmed)
    #expect(response.segments.count == 31)
    #expect(response.search.date == LocalDate(year: 2022, month: 5, day: 31))
}

/// Bodies that break the contract fail to decode, and the error points at the offending value.
@Test(arguments: [
    ("carrier__code_as_string.json", "carrier.code"),
    ("search__segment_missing_thread.json", "segments[0]"),
    ("search__pagination_as_string.json", "pagination.total"),
])
func invalidFixtureFails(name: String, expectedPath: String) throws {
    let fixture = Fixture(folder: "invalid", name: name)
    let endpoint = try #require(fixture.endpoint)
    let data = try fixture.data()
    let error = try #require(throws: DecodingError.self) { try endpoint.decodeAndRoundTrip(data) }
    let failure = try #require(decodingFailure(error))
    #expect(failure.codingPath.hasPrefix(expectedPath), "path: \(failure.codingPath)")
}

/// These bodies break the spec too and should fail, but the generated decoders accept them (a known bug):
/// `SearchResponse.SegmentsItem` takes the FIRST `oneOf` variant that decodes instead of requiring exactly one,
/// and `Transfer.is_transfer` / `TransferSegment.has_transfers` (`enum: [true]`) are plain `Bool`s.
@Test(arguments: ["search__segment_matches_both_shapes.json", "search__transfer_item_is_transfer_false.json"])
func invalidFixtureAcceptedByLenientDecoders(name: String) throws {
    let data = try Fixture(folder: "invalid", name: name).data()
    let decodes = (try? JSONCoding.decoder.decode(SearchResponse.self, from: data)) != nil
    withKnownIssue("generated oneOf decoding is first-match, and boolean `enum: [true]` is not enforced") {
        #expect(!decodes, "\(name) should not decode")
    }
}

// MARK: - Search

/// Bus threads come with `"carrier": null`; other threads of the same search have a carrier object.
@Test func nullCarrierOnBusThreads() throws {
    let edge = try load(SearchResponse.self, "edge/search__null_carrier.json")
    let thread = try #require(edge.segments.first?.segment).thread
    #expect(thread.carrier == nil)
    #expect(thread.transportType == .bus)
    #expect(thread.transportSubtype == TransportSubtype(title: nil, code: nil, color: nil))

    let sample = try load(SearchResponse.self, "samples/search__artembark_city_info_guide__2.json")
    let segments = sample.segments.compactMap(\.segment)
    #expect(segments.count == 4)
    #expect(segments.map { $0.thread.carrier?.code } == [nil, nil, 1332, 1332])
    #expect(segments[0].thread.transportType == .bus)
}

/// `duration` arrives as an integer (`10080`) or a float (`5700.0`); both decode to the same `Double`.
@Test func floatAndIntegerDurations() throws {
    let floats = try load(SearchResponse.self, "edge/search__float_duration.json")
    #expect(floats.segments.compactMap(\.segment).map(\.duration) == [5700, 6000])

    let ints = try load(SearchResponse.self, "edge/search__null_carrier.json")
    #expect(ints.segments.compactMap(\.segment).map(\.duration) == [10080])

    let thread = try load(ThreadResponse.self, "edge/thread__from_to_null.json")
    #expect(thread.stops.map(\.duration) == [0, 3540, 10080])
    #expect(thread.stops.map(\.stopTime) == [nil, 60, nil])
}

/// A search with `transfers=true` mixes a direct `Segment` and a `TransferSegment` in `segments`.
@Test func mixedDirectAndTransferSegments() throws {
    let response = try load(SearchResponse.self, "edge/search__mixed_direct_and_transfer.json")
    try #require(response.segments.count == 2)

    let direct = try #require(response.segments[0].segment)
    #expect(direct.hasTransfers == false)
    #expect(direct.thread.number == "752А")
    #expect(direct.ticketsInfo?.places.map(\.price) == [Price(whole: 4520, cents: 50), Price(whole: 9870, cents: 0)])

    let transfer = try #require(response.segments[1].transferSegment)
    #expect(transfer.hasTransfers)
    #expect(transfer.departureFrom.code == "s2006004")
    #expect(transfer.arrivalTo.code == "s9603177")
    #expect(transfer.transportTypes == [.train, .suburban])
    #expect(transfer.transfers?.map(\.code) == ["c2"])
    #expect(transfer.transfers?.first?.type == .settlement)
    try #require(transfer.details.count == 3)

    let first = try #require(transfer.details[0].leg)
    #expect(first.thread.number == "752А")
    #expect(first.from?.code == "c213")
    #expect(first.from?.type == .settlement)
    #expect(first.from?.stationType == nil)
    #expect(first.duration == 14100)
    #expect(first.startDate == LocalDate(year: 2024, month: 6, day: 10))
    #expect(first.thread.threadMethodLink == nil)

    let change = try #require(transfer.details[1].transfer)
    #expect(change.isTransfer)
    #expect(change.duration == 6480)
    #expect(change.transferPoint.code == "c2")
    #expect(change.transferFrom?.code == "s9602494")
    #expect(change.transferTo?.code == "s9602497")

    let second = try #require(transfer.details[2].leg)
    #expect(second.thread.transportType == .suburban)
    #expect(second.thread.transportSubtype.code == .last)
    #expect(second.thread.expressType == .express)
    #expect(second.to?.code == "c10883")
}

/// The real transfers sample: 30 transfer variants, each leg → transfer → leg, consistent with its summary.
@Test func realTransfersSample() throws {
    let response = try load(SearchResponse.self, "samples/search_transfers__artembark_city_info_guide.json")
    #expect(response.pagination == Pagination(total: 30, limit: 100, offset: 0))
    let variants = response.segments.compactMap(\.transferSegment)
    #expect(variants.count == 30)

    for variant in variants {
        let legs = variant.details.compactMap(\.leg)
        let changes = variant.details.compactMap(\.transfer)
        #expect(legs.count == 2 && changes.count == 1)
        #expect(variant.transportTypes == legs.map(\.thread.transportType))
        #expect(variant.transfers?.map(\.code) == changes.map(\.transferPoint.code))
        #expect(variant.departure == legs.first?.departure)
        #expect(variant.arrival == legs.last?.arrival)
    }

    let first = try #require(variants.first)
    #expect(first.transportTypes == [.plane, .suburban])
    #expect(first.details[0].leg?.thread.carrier?.codes.iata == "U6")
    #expect(first.details[1].transfer?.duration == 7680)
    #expect(first.details[1].transfer?.transferFrom?.stationType == .airport)
}

/// 2017-era data: no offset in times, `tickets_info: null`, Russian station types, no `station_type_name`.
@Test func legacySearchSample() throws {
    let response = try load(SearchResponse.self, "samples/search__liderman_yandex-rasp-api.json")
    let segment = try #require(response.segments.first?.segment)
    #expect(segment.departure == "2017-05-18 01:10:00")
    #expect(segment.ticketsInfo == nil)
    #expect(segment.from.stationType == .unknown("аэропорт"))
    #expect(segment.from.stationTypeName == nil)
    #expect(segment.duration == 8400)
    #expect(segment.thread.carrier?.logoSvg == "//yastatic.net/rasp/media/data/company/svg/vim_airlines.svg")
    #expect(response.search.date == LocalDate(year: 2017, month: 5, day: 18))
}

/// An all-days search: `search.date` is null, times are `HH:MM:SS`, and `days`/`except_days` are filled.
@Test func allDaysSearch() throws {
    let response = try load(SearchResponse.self, "edge/search__all_days_times.json")
    #expect(response.search.date == nil)
    let segment = try #require(response.segments.first?.segment)
    #expect(segment.departure == "07:00:00")
    #expect(segment.hasTransfers == nil)
    #expect(segment.exceptDays == "22, 23 декабря")
    #expect(segment.startDate == LocalDate(year: 2024, month: 6, day: 10))
    #expect(segment.thread.transportSubtype.code == .unknown("sapsan"))

    let interval = try #require(response.intervalSegments?.first)
    #expect(interval.thread.interval == Interval(density: "поезд раз в 30 минут", beginTime: "06:00", endTime: "22:30"))
    #expect(interval.thread.expressType == .aeroexpress)

    // An all-days search says "no exceptions" with "" (an all-days schedule says it with null).
    let bus = try load(SearchResponse.self, "edge/search__all_days_bus_empty_except_days.json")
    #expect(bus.segments.first?.segment?.exceptDays == "")
    #expect(bus.segments.first?.segment?.days == "ежедневно")
}

/// A one-day search for D as 2020–2025 answers give it: a departure in the first hours of D+1, start dates from
/// D-2 to D+1, the terminals `"NULL"` and `"0"` kept as sent, a bus with no number, a carrier with `url: ""`,
/// no `tickets_info` on a train while the bus has a price, https logos, a dated plane uid and a
/// `thread_method_link` on the host that was asked.
@Test func oneDaySearchAsAnsweredSince2020() throws {
    let response = try load(SearchResponse.self, "edge/search__next_day_and_placeholder_values.json")
    let day = try #require(response.search.date)
    let segments = response.segments.compactMap(\.segment)
    try #require(segments.count == 3)
    let (plane, train, bus) = (segments[0], segments[1], segments[2])

    #expect(segments.map(\.startDate) == [day, day.adding(days: -2), day.adding(days: 1)])
    #expect(bus.departure.hasPrefix("\(day.adding(days: 1))T02:10"))

    #expect(plane.departureTerminal == "NULL" && plane.arrivalTerminal == "0")
    #expect(train.departureTerminal == nil && train.arrivalTerminal == "")

    #expect(bus.thread.number == "" && bus.thread.carrier?.url == "")
    #expect(train.ticketsInfo == nil)
    #expect(bus.ticketsInfo?.places.first?.price == Price(whole: 1900, cents: 0))

    #expect(plane.thread.carrier?.logo?.hasPrefix("https://") == true)
    #expect(plane.thread.uid == "SU-28_251201_c26_12")
    #expect(segments.allSatisfy {
        $0.thread.threadMethodLink == "api.rasp.yandex-net.ru/v3/thread/?date=\(day)&uid=\($0.thread.uid)"
    })
}

/// `add_days_mask=true` adds per-month masks whose year and month are strings.
@Test func daysMask() throws {
    let response = try load(SearchResponse.self, "edge/search__add_days_mask.json")
    let schedule = try #require(response.segments.first?.segment?.schedule)
    #expect(schedule.map(\.year) == ["2024", "2024"])
    #expect(schedule.map(\.month) == ["3", "4"])
    #expect(schedule.map(\.days.count) == [31, 30])
    #expect(schedule[0].days.indices.filter { schedule[0].days[$0] == 1 } == [4, 11, 18, 25])
}

/// Keys the spec does not know (on the root, segments, carriers, tickets…) are ignored.
@Test func unknownExtraKeysAreIgnored() throws {
    let response = try load(SearchResponse.self, "edge/search__unknown_extra_keys.json")
    let segment = try #require(response.segments.first?.segment)
    #expect(segment.thread.carrier?.code == 26)
    #expect(segment.ticketsInfo?.places.first?.price == Price(whole: 12480, cents: 0))
    #expect(segment.arrival == "2024-06-10T17:20:00+07:00")
    #expect(response.pagination.total == 1)
}

/// Interval threads come in `interval_segments`, with no departure/arrival but a service window.
@Test func intervalSegments() throws {
    let response = try load(SearchResponse.self, "edge/search__interval_segments.json")
    #expect(response.segments.isEmpty)
    let interval = try #require(response.intervalSegments?.first)
    #expect(interval.thread.interval?.beginTime == "2024-06-10T06:00:00")
    #expect(interval.ticketsInfo?.places.first?.name == nil)
    #expect(interval.ticketsInfo?.places.first?.currency == "RUB")
    #expect(interval.duration == 2100)

    let empty = try load(SearchResponse.self, "edge/search__empty_result.json")
    #expect(empty.segments.isEmpty && empty.intervalSegments == [])
    #expect(empty.pagination.total == 0)
}

// MARK: - Open enums

/// Values the spec does not list decode into `.unknown("…")` instead of failing.
@Test func unknownEnumValues() throws {
    let response = try load(ScheduleResponse.self, "edge/schedule__unknown_enum_values.json")
    #expect(response.station.stationType == .unknown("hoverport"))
    #expect(response.station.transportType == .unknown("hovercraft"))
    let thread = try #require(response.schedule.first?.thread)
    #expect(thread.transportType == .unknown("cable_car"))
    #expect(thread.expressType == .unknown("super_express"))
    #expect(thread.transportSubtype.code == .unknown("hydrofoil"))
    #expect(thread.carrier?.code == 77777)
}

/// Listed values map to their named cases (including the spec value `unknown`, which is `.unknown_`).
@Test func knownEnumValues() throws {
    let response = try load(ScheduleResponse.self, "edge/schedule__suburban_directions.json")
    #expect(response.station.type == .station)
    #expect(response.station.stationType == .trainStation)
    #expect(response.station.transportType == .train)
    #expect(response.event == .departure)
    #expect(response.schedule.first?.thread.transportType == .suburban)
    #expect(response.schedule.first?.thread.transportSubtype.code == .suburban)
    #expect(response.schedule.first?.thread.expressType == nil)
    #expect(response.intervalSchedule?.first?.thread.expressType == .aeroexpress)

    // Subtype codes seen in 2020–2025 answers beyond the documented ones have named cases too.
    #expect(TransportSubtype.Code(rawValue: "lastdal") == .lastdal)
    #expect(TransportSubtype.Code(rawValue: "stdplus") == .stdplus)
    #expect(StationType(rawValue: "unknown") == .unknown_)
    #expect(StationType(rawValue: "overtaking_point") == .overtakingPoint)
    #expect(StationType(rawValue: "") == .unknown(""))
    #expect(StationType.unknown("hoverport").rawValue == "hoverport")
}

/// Every known case survives `rawValue` → `init(rawValue:)`, and encodes as its bare raw string.
@Test func openEnumRawValuesRoundTrip() throws {
    for value in StationType.knownCases { #expect(StationType(rawValue: value.rawValue) == value) }
    for value in TransportType.knownCases { #expect(TransportType(rawValue: value.rawValue) == value) }
    for value in TransportSubtype.Code.knownCases { #expect(TransportSubtype.Code(rawValue: value.rawValue) == value) }
    for value in RaspThread.ExpressType.knownCases {
        #expect(RaspThread.ExpressType(rawValue: value.rawValue) == value)
    }

    let encoded = try JSONCoding.encoder.encode([StationType.riverPort, .unknown("аэропорт")])
    #expect(String(decoding: encoded, as: UTF8.self) == #"["river_port","аэропорт"]"#)
}

// MARK: - Schedule and thread

/// Suburban stations return `directions` as an ARRAY, plus `schedule_direction` and a per-item `direction`.
@Test func suburbanDirections() throws {
    let response = try load(ScheduleResponse.self, "edge/schedule__suburban_directions.json")
    #expect(response.directions?.map(\.code) == ["all", "arrival", "на Лобню", "на Шереметьево"])
    #expect(response.directions?.first?.title == "все направления")
    #expect(response.scheduleDirection == Direction(code: "на Лобню", title: "на Лобню"))
    #expect(response.schedule.first?.direction == "на Лобню")
    #expect(response.schedule.first?.platform == "3 путь")
    #expect(response.intervalSchedule?.first?.direction == "на Шереметьево")
    #expect(response.intervalSchedule?.first?.thread.interval?.density == "поезд раз в 30 минут")

    let legacy = try load(ScheduleResponse.self, "samples/schedule__liderman_yandex-rasp-api.json")
    #expect(legacy.directions?.map(\.code) == ["arrival", "на Москву", "all"])
    #expect(legacy.scheduleDirection?.code == "на Москву")
    #expect(legacy.date == nil)
    #expect(legacy.event == nil)
    #expect(legacy.intervalSchedule == nil)
    #expect(legacy.schedule.map(\.departureTime) == ["00:01", "00:30"])
    #expect(legacy.schedule.first?.departure == nil)
    #expect(legacy.station.stationType == .unknown("аэропорт"))
}

/// Dated schedules carry ISO times and a `LocalDate`; all-days ones `HH:MM` and a null date.
@Test func scheduleDatesAndTimes() throws {
    let dated = try load(ScheduleResponse.self, "samples/schedule__unidentified_readme_id26969219964.json")
    #expect(dated.date == LocalDate(year: 2024, month: 3, day: 5))
    #expect(dated.schedule.first?.departure == "2024-03-05T10:55:00+03:00")
    #expect(dated.schedule.first?.exceptDays == nil)
    #expect(dated.intervalSchedule == [])

    let allDays = try load(ScheduleResponse.self, "edge/schedule__all_days_hhmm.json")
    #expect(allDays.date == nil)
    #expect(allDays.schedule.map(\.departure) == ["10:55", "16:10"])
    #expect(allDays.schedule.map(\.exceptDays) == [nil, "1, 3\u{00A0}октября"],
            "null when there are none; the server puts an NBSP before the month")

    let arrivals = try load(ScheduleResponse.self, "edge/schedule__arrival_event.json")
    #expect(arrivals.event == .arrival)
    #expect(arrivals.schedule.first?.departure == nil)
    #expect(arrivals.schedule.first?.arrival == "2024-06-10T08:15:00+03:00")
}

/// The undocumented `tablo` object is kept as free-form JSON.
@Test func tabloIsFreeFormJSON() throws {
    let response = try load(ScheduleResponse.self, "edge/schedule__tablo.json")
    let tablo = try #require(response.schedule.first?.tablo)
    #expect(tablo["real_departure"] == .string("2024-06-10T09:40:00+03:00"))
    #expect(tablo["status"] == .string("delayed"))
    #expect(tablo.count == 5)
}

/// `/thread/` with `from`/`to`: dates are `LocalDate`s, stops carry codes (as they do when `show_systems` is sent),
/// and the carrier its offices.
@Test func threadWithFromTo() throws {
    let thread = try load(ThreadResponse.self, "edge/thread__with_from_to.json")
    #expect(thread.startDate == LocalDate(year: 2024, month: 6, day: 10))
    #expect(thread.departureDate == LocalDate(year: 2024, month: 6, day: 10))
    #expect(thread.arrivalDate == LocalDate(year: 2024, month: 6, day: 10))
    #expect(thread.from?.codes == StationCodes(yandex: "s2006004", esr: "060073", express: "2006004"))
    #expect(thread.to?.code == "s9602494")
    #expect(thread.stops.map(\.station.code) == ["s2006004", "s9603093", "s9602494"])
    #expect(thread.stops.first?.arrival == nil)
    #expect(thread.stops.last?.departure == nil)
    #expect(thread.stops[1].arrival == "2024-06-10 06:57:00")
    let office = try #require(thread.carrier?.offices?.first)
    #expect(office["lat"] == .number(55.7763))
    #expect(office["title"] == .string("Касса Ленинградского вокзала"))
}

/// `/thread/` without `from`/`to`: those and their dates are null; bus threads have no carrier.
@Test func threadWithoutFromTo() throws {
    let thread = try load(ThreadResponse.self, "edge/thread__from_to_null.json")
    #expect(thread.from == nil && thread.to == nil)
    #expect(thread.departureDate == nil && thread.arrivalDate == nil)
    #expect(thread.carrier == nil)
    #expect(thread.exceptDays == "")

    let sample = try load(ThreadResponse.self, "samples/thread__artembark_city_info_guide.json")
    #expect(sample.carrier == nil)
    #expect(sample.stops.count == 29)
    #expect(sample.stops.allSatisfy { $0.station.codes == nil }, "no codes on stops without show_systems")
    #expect(sample.startDate == LocalDate(year: 2022, month: 6, day: 23))
    #expect(sample.stops.last?.duration == 9300)

    let legacy = try load(ThreadResponse.self, "samples/thread__liderman_yandex-rasp-api.json")
    #expect(legacy.carrier?.offices == [])
    #expect(legacy.stops.map(\.duration) == [0, 8400])
    #expect(legacy.stops.last?.station.codes?.esr == "193114")

    let interval = try load(ThreadResponse.self, "edge/thread__interval.json")
    #expect(interval.interval?.endTime == "22:30")
    #expect(interval.expressType == .aeroexpress)
    #expect(interval.stops.last?.terminal == "B")
}

// MARK: - Carrier

/// `/carrier/` answers `{"carrier": {...}}` for a unique code and `{"carriers": [...]}` for an ambiguous one.
@Test func carrierObjectVersusArray() throws {
    let single = try load(CarrierResponse.self, "edge/carrier__single_object.json")
    #expect(single.carriers == nil)
    let carrier = try #require(single.carrier)
    #expect(carrier.code == 26)
    #expect(carrier.codes == CarrierCodes(sirena: "СУ", iata: "SU", icao: "AFL"))
    #expect(carrier.contacts?.contains("<br>\r\n") == true)
    #expect(carrier.offices?.first?["is_main"] == .bool(false))

    // Several carriers share TK in iata (SU in iata answers the single object above).
    let many = try load(CarrierResponse.self, "edge/carrier__carriers_array.json")
    #expect(many.carrier == nil)
    #expect(many.carriers?.map(\.code) == [680, 5483])
    #expect(many.carriers?.allSatisfy { $0.codes.iata == "TK" } == true)
    #expect(many.carriers?.last?.codes.sirena == nil)
    #expect(many.carriers?.last?.address == nil)
    #expect(many.carriers?.last?.url == "")
    #expect(many.carriers?.last?.logoSvg == nil)

    let iata = try load(CarrierResponse.self, "samples/carrier_iata__liderman_yandex-rasp-api.json")
    #expect(iata.carrier == nil)
    #expect(iata.carriers?.map(\.title) == ["Turkish Airlines", "AnadoluJet"])
    #expect(iata.carriers?.allSatisfy { $0.codes.iata == "TK" && $0.offices == [] } == true)

    let minimal = try load(CarrierResponse.self, "edge/carrier__minimal_fields.json")
    #expect(minimal.carrier == Carrier(code: 162, title: "Аэроэкспресс", codes: CarrierCodes()))
}

// MARK: - Nearest stations and settlement

/// `type_choices` is a map keyed by timetable kind (any key may appear, and it may be empty).
@Test func typeChoicesMap() throws {
    let response = try load(NearestStationsResponse.self, "edge/nearest_stations__multiple_type_choices.json")
    try #require(response.stations.count == 2)
    #expect(Set(response.stations[0].typeChoices.keys) == ["tablo", "aeroex"])
    #expect(Set(response.stations[1].typeChoices.keys) == ["suburban", "train", "schedule"])
    #expect(response.stations[0].typeChoices["aeroex"]?.touchUrl == "https://t.rasp.yandex.ru/station/9600213/aeroex")
    #expect(response.stations[1].distance == 1)
    #expect(response.stations[0].stationType == .airport)

    let empty = try load(NearestStationsResponse.self, "edge/nearest_stations__empty_type_choices.json")
    #expect(empty.stations.first?.typeChoices.isEmpty == true)
    #expect(empty.stations.first?.popularTitle == nil)

    // A page holds up to 100 stations and the total can run into the thousands; a station's type can be "".
    let last = try load(NearestStationsResponse.self, "edge/nearest_stations__empty_station_type.json")
    #expect(last.pagination == Pagination(total: 2684, limit: 100, offset: 2683))
    #expect(last.stations.first?.stationType == .unknown(""))

    let legacy = try load(NearestStationsResponse.self, "samples/nearest_stations__liderman_yandex-rasp-api.json")
    #expect(legacy.stations.map { Array($0.typeChoices.keys) } == [["schedule"], ["schedule"]])
    #expect(legacy.stations.first?.stationType == .unknown("автобусная остановка"))
    #expect(legacy.stations.first?.stationTypeName == nil)
    #expect(legacy.pagination == Pagination(total: 35, limit: 2, offset: 0))
}

/// The nearest settlement is a bare object; an integer distance decodes as a `Double`.
@Test func nearestSettlement() throws {
    let edge = try load(NearestSettlementResponse.self, "edge/nearest_settlement__null_titles.json")
    #expect(edge.type == .settlement)
    #expect(edge.shortTitle == nil)
    #expect(edge.popularTitle == "")
    #expect(edge.distance == 3)

    let sample = try load(NearestSettlementResponse.self, "samples/nearest_settlement__liderman_yandex-rasp-api.json")
    #expect(sample.code == "c10680")
    #expect(sample.lat == 50.44973)
}

// MARK: - Station directory and copyright

/// Coordinates in `stations_list` are numbers, numeric strings, empty strings or null.
@Test func stationsListCoordinates() throws {
    let response = try load(StationsListResponse.self, "edge/stations_list__string_coordinates.json")
    let russia = try #require(response.countries.first)
    #expect(russia.codes.yandexCode == "l225")
    let settlements = try #require(russia.regions.first?.settlements)
    try #require(settlements.count == 2)

    let stations = settlements[0].stations
    try #require(stations.count == 3)
    #expect(stations[0].latitude == .double(61.036))
    #expect(stations[0].longitude == .double(30.116))
    #expect(stations[0].codes.esrCode == "020502")
    #expect(stations[1].latitude == .string(""))
    #expect(stations[1].longitude == .string(""))
    #expect(stations[2].latitude == nil)
    #expect(stations[2].longitude == nil)
    #expect(stations[2].stationType == .unknown(""))

    #expect(settlements[1].codes == DirectoryCodes())
    #expect(settlements[1].stations.first?.latitude == .string("60.5211"))
    #expect(settlements[1].stations.first?.longitude == .double(30.2478))

    let bermuda = try #require(response.countries.last?.regions.first?.settlements.first?.stations.first)
    #expect(bermuda.stationType == .unknown("аэропорт"))
    #expect(bermuda.transportType == .unknown("Самолёт"))
    #expect(bermuda.longitude == .double(-64.678703))

    let docs = try load(StationsListResponse.self, "samples/stations_list_docs_example__ilyakutilin_raspbot.json")
    #expect(docs.countries.map(\.title) == ["Бермудские острова", "Гамбия", "Россия"])
    #expect(docs.countries.last?.regions.first?.settlements.last?.stations.first?.transportType == .unknown("Поезд"))
}

/// The attribution logos are HTML snippets, kept verbatim; their `src` stays protocol-relative.
@Test func copyright() throws {
    let response = try load(CopyrightResponse.self, "edge/copyright__https_link.json")
    #expect(response.copyright.url == "https://rasp.yandex.ru/")
    #expect(response.copyright.logoHy?.hasPrefix("<iframe") == true)
    #expect(response.copyright.logoHy?.contains(#"src="//"#) == true)

    let legacy = try load(CopyrightResponse.self, "samples/copyright__liderman_yandex-rasp-api.json")
    #expect(legacy.copyright.text == "Данные предоставлены сервисом Яндекс.Расписания")
    #expect(legacy.copyright.logoVm?.contains("//yandex.st/rasp/media/apicc/copyright_vert_mono.html") == true)
}

// MARK: - Errors

/// Error bodies: `text` always, `http_code`/`error_code`/`request` when the server sends them.
@Test func errorBodies() throws {
    let notFound = try load(ErrorResponse.self, "edge/error__404.json")
    #expect(notFound.error.text == "Не нашли объект по yandex коду c1111")
    #expect(notFound.error.httpCode == 404)
    #expect(notFound.error.errorCode == "v3.0_stable-57-1.8996410.1168813578_31")
    #expect(notFound.error.request?.hasPrefix("https://api.rasp.yandex-net.ru/v3.0/search/") == true)

    let sample = try load(ErrorResponse.self, "samples/error_400_search__artembark_city_info_guide.json")
    #expect(sample.error.text == "Точка отправления не должна совпадать с точкой прибытия.")
    #expect(sample.error.httpCode == 400)

    let minimal = try load(ErrorResponse.self, "edge/error__minimal_unknown_status.json")
    #expect(minimal.error == ErrorDetails(text: "Invalid API key"))
}

// MARK: - Helpers

/// A JSON file under `Tests/Fixtures/<folder>/`, named `<endpoint>[_<variant>]__<source>.json`.
struct Fixture: Hashable, Sendable, CustomTestStringConvertible {
    let folder: String
    let name: String

    /// `Tests/Fixtures`, found from this source file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // RaspAPITests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures")

    /// The sample whose first segment was emptied by its author (checked on its own).
    static let emptiedSegmentSample = Fixture(folder: "samples", name: "search__artembark_city_info_guide.json")

    /// Every file of `samples/` and `edge/` that should decode as it is.
    static let decodable: [Fixture] = (all(in: "samples") + all(in: "edge")).filter {
        $0 != emptiedSegmentSample && !$0.name.hasPrefix("search_docs_example__")
    }

    /// The `.json` files of a folder, sorted by name.
    static func all(in folder: String) -> [Fixture] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path))
            ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { Fixture(folder: folder, name: $0) }
    }

    /// The endpoint given by the file-name prefix.
    var endpoint: Endpoint? { Endpoint(fileName: name) }

    /// The file's bytes.
    func data() throws -> Data {
        try Data(contentsOf: Self.root.appendingPathComponent(folder).appendingPathComponent(name))
    }

    var testDescription: String { "\(folder)/\(name)" }
}

/// The endpoints, by the spelling fixture file names use.
enum Endpoint: String, CaseIterable, Sendable {
    case search, schedule, thread, carrier, copyright, error
    case nearestStations = "nearest_stations"
    case nearestSettlement = "nearest_settlement"
    case stationsList = "stations_list"

    /// Reads the prefix before `__`: `error*` is an error body; otherwise the longest endpoint name the prefix
    /// equals or starts with (followed by `_`), so `search_transfers` is a search and `carrier_iata` a carrier.
    init?(fileName: String) {
        guard let prefix = fileName.components(separatedBy: "__").first else { return nil }
        if prefix.hasPrefix("error") {
            self = .error
            return
        }
        let matches = Self.allCases.filter { prefix == $0.rawValue || prefix.hasPrefix($0.rawValue + "_") }
        guard let best = matches.max(by: { $0.rawValue.count < $1.rawValue.count }) else { return nil }
        self = best
    }

    /// Decodes `data` as this endpoint's response, re-encodes it and checks the second decode is equal.
    func decodeAndRoundTrip(_ data: Data) throws {
        switch self {
        case .search: try roundTrip(SearchResponse.self, data)
        case .schedule: try roundTrip(ScheduleResponse.self, data)
        case .thread: try roundTrip(ThreadResponse.self, data)
        case .nearestStations: try roundTrip(NearestStationsResponse.self, data)
        case .nearestSettlement: try roundTrip(NearestSettlementResponse.self, data)
        case .carrier: try roundTrip(CarrierResponse.self, data)
        case .stationsList: try roundTrip(StationsListResponse.self, data)
        case .copyright: try roundTrip(CopyrightResponse.self, data)
        case .error: try roundTrip(ErrorResponse.self, data)
        }
    }

    private func roundTrip<T: Codable & Equatable>(_ type: T.Type, _ data: Data) throws {
        let value = try JSONCoding.decoder.decode(T.self, from: data)
        let again = try JSONCoding.decoder.decode(T.self, from: JSONCoding.encoder.encode(value))
        #expect(again == value, "\(T.self) changed in an encode/decode round trip")
    }
}

/// Decodes a fixture (`"<folder>/<file>"`) with the client's decoder.
func load<T: Decodable>(_ type: T.Type, _ path: String) throws -> T {
    let parts = path.split(separator: "/").map(String.init)
    return try JSONCoding.decoder.decode(T.self, from: Fixture(folder: parts[0], name: parts[1]).data())
}

/// The runtime's view of a decoding error (its rendered coding path), as a client call would report it.
func decodingFailure(_ error: any Error) -> ClientError.DecodingFailure? {
    ClientError(decodingError: error, operationID: "fixture", status: 200).decodingFailure
}

extension SearchResponse.SegmentsItem {
    /// The direct segment, if this is one.
    var segment: Segment? { if case .segment(let value) = self { value } else { nil } }
    /// The transfer variant, if this is one.
    var transferSegment: TransferSegment? { if case .transferSegment(let value) = self { value } else { nil } }
}

extension TransferSegment.DetailsItem {
    /// The ride, if this item is one.
    var leg: TransferLeg? { if case .transferLeg(let value) = self { value } else { nil } }
    /// The change, if this item is one.
    var transfer: Transfer? { if case .transfer(let value) = self { value } else { nil } }
}
