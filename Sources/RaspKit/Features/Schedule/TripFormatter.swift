import Foundation
import RaspAPI
import RaspRuntime

/// Turns search segments into ``TripRow``s in one language.
public struct TripFormatter: Sendable {
    /// The language of the texts.
    public var strings: RaspKit.Strings

    /// A formatter.
    /// - Parameter strings: The language.
    public init(strings: RaspKit.Strings) {
        self.strings = strings
    }

    /// The row of a search segment (direct or with transfers).
    /// - Parameter item: A segment of a search response.
    /// - Returns: The row.
    public func row(for item: SearchResponse.SegmentsItem) -> TripRow {
        switch item {
        case .segment(let segment): row(for: segment)
        case .transferSegment(let route): row(for: route)
        }
    }

    func row(for segment: Segment) -> TripRow {
        let departure = TripTime(segment.departure)
        let arrival = TripTime(segment.arrival)
        let carrier = segment.thread.carrier
        return TripRow(
            id: "\(segment.thread.uid)@\(segment.departure)",
            carrierTitle: carrier?.title ?? strings[.tripCarrierUnknown],
            carrierLogoURL: ContactLinks.webURL(carrier?.logo),
            carrierCode: carrier?.code,
            number: segment.thread.number,
            departure: departure, arrival: arrival,
            departureText: departure?.clockText ?? segment.departure,
            arrivalText: arrival?.clockText ?? segment.arrival,
            dateText: departure?.date.map(dateText),
            durationText: durationText(seconds: segment.duration),
            duration: segment.duration,
            hasTransfers: segment.hasTransfers ?? false,
            transferNote: nil
        )
    }

    func row(for route: TransferSegment) -> TripRow {
        let legs = route.details.compactMap { item -> TransferLeg? in
            if case .transferLeg(let leg) = item { return leg }
            return nil
        }
        let waits = route.details.compactMap { item -> Transfer? in
            if case .transfer(let transfer) = item { return transfer }
            return nil
        }
        let departureText = route.departure ?? legs.first?.departure
        let arrivalText = route.arrival ?? legs.last?.arrival
        let departure = departureText.flatMap(TripTime.init)
        let arrival = arrivalText.flatMap(TripTime.init)
        let carriers = legs.compactMap(\.thread.carrier)
        var carrierTitles: [String] = []
        for title in carriers.map(\.title) where !carrierTitles.contains(title) { carrierTitles.append(title) }
        let points = (route.transfers?.isEmpty == false ? route.transfers! : waits.map(\.transferPoint)).map(\.title)
        let duration = Self.duration(from: departure, to: arrival)
            ?? (legs.compactMap(\.duration) + waits.compactMap(\.duration)).reduce(0, +)
        return TripRow(
            id: legs.map(\.thread.uid).joined(separator: "+") + "@" + (departureText ?? ""),
            carrierTitle: carrierTitles.isEmpty ? strings[.tripCarrierUnknown] : carrierTitles.joined(separator: " / "),
            carrierLogoURL: ContactLinks.webURL(carriers.first?.logo),
            carrierCode: carriers.first?.code,
            // Some threads (buses) have no number (`""`): only the legs that have one are named.
            number: legs.map(\.thread.number).filter { !$0.isEmpty }.joined(separator: " / "),
            departure: departure, arrival: arrival,
            departureText: departure?.clockText ?? departureText ?? "",
            arrivalText: arrival?.clockText ?? arrivalText ?? "",
            dateText: departure?.date.map(dateText),
            durationText: durationText(seconds: duration),
            duration: duration,
            hasTransfers: true,
            transferNote: transferNote(points)
        )
    }

    /// «С пересадкой: Кострома» / «С пересадками: Кострома, Ярославль»; nil without points.
    /// - Parameter points: Transfer point titles, in order.
    /// - Returns: The note.
    public func transferNote(_ points: [String]) -> String? {
        guard !points.isEmpty else { return nil }
        let key: StringKey = points.count == 1 ? .tripTransferSingle : .tripTransferMultiple
        return strings.format(key, points.joined(separator: ", "))
    }

    /// A travel time: whole hours as «8 часов», under an hour as «45 минут», otherwise «2 ч 30 мин».
    /// - Parameter seconds: The duration in seconds (rounded to the nearest minute).
    /// - Returns: The text.
    public func durationText(seconds: Double) -> String {
        let totalMinutes = max(0, Int((seconds / 60).rounded()))
        let hours = totalMinutes / 60, minutes = totalMinutes % 60
        if hours == 0 {
            return plural(minutes, one: .durationMinutesOne, few: .durationMinutesFew, many: .durationMinutesMany)
        }
        if minutes == 0 {
            return plural(hours, one: .durationHoursOne, few: .durationHoursFew, many: .durationHoursMany)
        }
        return strings.format(.durationHoursMinutesFormat, String(hours), String(minutes))
    }

    /// A local date as «5 марта» / «5 March».
    /// - Parameter date: The date.
    /// - Returns: The text.
    public func dateText(_ date: LocalDate) -> String {
        let months: [StringKey] = [
            .monthJanuary, .monthFebruary, .monthMarch, .monthApril, .monthMay, .monthJune,
            .monthJuly, .monthAugust, .monthSeptember, .monthOctober, .monthNovember, .monthDecember,
        ]
        return strings.format(.tripDayMonthFormat, String(date.day), strings[months[date.month - 1]])
    }

    private func plural(_ count: Int, one: StringKey, few: StringKey, many: StringKey) -> String {
        switch PluralCategory(count, language: strings.language) {
        case .one: strings.format(one, String(count))
        case .few: strings.format(few, String(count))
        case .many: strings.format(many, String(count))
        }
    }

    private static func duration(from departure: TripTime?, to arrival: TripTime?) -> Double? {
        guard let start = departure?.instant, let end = arrival?.instant, end >= start else { return nil }
        return end.timeIntervalSince(start)
    }
}
