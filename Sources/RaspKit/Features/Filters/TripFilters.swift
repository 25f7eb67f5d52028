/// The filters applied to the schedule: departure slots (none selected means every time) and the transfer
/// choice.
public struct TripFilters: Sendable, Hashable, Codable {
    /// Selected slots; empty means no time filter.
    public var slots: Set<DepartureSlot>
    /// The transfer choice.
    public var transfers: TransferChoice

    /// Filters; by default none.
    /// - Parameters:
    ///   - slots: Selected departure slots.
    ///   - transfers: The transfer choice.
    public init(slots: Set<DepartureSlot> = [], transfers: TransferChoice = .any) {
        self.slots = slots
        self.transfers = transfers
    }

    /// Whether anything narrows the list (drives the dot on «Уточнить время» and the «Применить» state).
    public var isActive: Bool {
        !slots.isEmpty || transfers != .any
    }

    /// Whether a trip departing at `departure` (station local time), with or without transfers, is shown.
    /// - Parameters:
    ///   - departure: Departure time in the departure station's zone; nil when unknown (kept unless slots are set).
    ///   - hasTransfers: Whether the trip has transfers.
    /// - Returns: Whether the trip passes.
    public func admits(departure: TripTime?, hasTransfers: Bool) -> Bool {
        guard transfers.admits(hasTransfers: hasTransfers) else { return false }
        guard !slots.isEmpty else { return true }
        guard let departure else { return false }
        return slots.contains(DepartureSlot(departure))
    }
}
