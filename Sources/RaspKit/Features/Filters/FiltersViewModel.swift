/// The filters screen: departure slots (multi-select) and the transfer choice, applied with «Применить».
///
/// The screen edits a draft; ``apply()`` hands it to the schedule, which keeps it across reloads and launches.
/// ```swift
/// let filters = schedule.makeFiltersViewModel()
/// filters.toggle(.evening)
/// filters.select(.directOnly)
/// filters.isApplyVisible     // true: the draft differs from what is applied
/// filters.apply()            // the schedule now shows evening direct trips
/// ```
@MainActor
public final class FiltersViewModel: ObservableObject {
    /// The filters being edited.
    @Published public private(set) var draft: TripFilters
    /// The filters the schedule shows now.
    @Published public private(set) var applied: TripFilters

    /// The language of the texts.
    public let strings: RaspKit.Strings
    private let onApply: @MainActor (TripFilters) -> Void
    private let analytics: any AnalyticsTracker

    /// A filters screen.
    /// - Parameters:
    ///   - applied: The filters in effect.
    ///   - strings: The language of the texts.
    ///   - analytics: Where `screen_opened` goes.
    ///   - onApply: Receives the draft when the user taps «Применить».
    public init(applied: TripFilters, strings: RaspKit.Strings = .init(),
                analytics: any AnalyticsTracker = NoAnalyticsTracker(),
                onApply: @escaping @MainActor (TripFilters) -> Void) {
        self.draft = applied
        self.applied = applied
        self.strings = strings
        self.analytics = analytics
        self.onApply = onApply
    }

    /// Tracks the screen (call on appear).
    public func onAppear() {
        analytics.track(.screenOpened(.filters))
    }

    /// The slots in display order with their labels («Утро 06:00 – 12:00», …).
    public var slotOptions: [(slot: DepartureSlot, title: String, isSelected: Bool)] {
        DepartureSlot.allCases.map { ($0, $0.title(strings), draft.slots.contains($0)) }
    }

    /// The transfer choices with their labels.
    public var transferOptions: [(choice: TransferChoice, title: String, isSelected: Bool)] {
        TransferChoice.allCases.map { ($0, $0.title(strings), draft.transfers == $0) }
    }

    /// «Время отправления».
    public var departureTitle: String { strings[.filtersDepartureTitle] }
    /// «Показывать варианты с пересадками».
    public var transfersTitle: String { strings[.filtersTransfersTitle] }
    /// «Применить».
    public var applyTitle: String { strings[.filtersApply] }

    /// Whether the draft narrows the list.
    public var isActive: Bool { draft.isActive }
    /// Whether the draft differs from what is applied.
    public var hasChanges: Bool { draft != applied }
    /// Whether to show «Применить»: the draft narrows the list or differs from what is applied.
    public var isApplyVisible: Bool { isActive || hasChanges }

    /// Selects or deselects a slot.
    /// - Parameter slot: The slot.
    public func toggle(_ slot: DepartureSlot) {
        if draft.slots.contains(slot) { draft.slots.remove(slot) } else { draft.slots.insert(slot) }
    }

    /// Picks a transfer choice.
    /// - Parameter choice: The choice.
    public func select(_ choice: TransferChoice) {
        draft.transfers = choice
    }

    /// Clears the draft (no slots, any transfers).
    public func reset() {
        draft = TripFilters()
    }

    /// Applies the draft to the schedule.
    public func apply() {
        applied = draft
        onApply(draft)
    }
}
