/// Whether the schedule shows trips with transfers.
///
/// The choice maps to the API's `transfers` parameter (which makes the server add transfer routes) and to each
/// segment's `has_transfers` flag (which the schedule filters on):
///
/// | Choice | `transfers=` | Kept segments |
/// |---|---|---|
/// | ``any`` | `true` | all |
/// | ``directOnly`` | `false` | `has_transfers != true` |
/// | ``withTransfers`` | `true` | `has_transfers == true` |
public enum TransferChoice: String, Sendable, Hashable, CaseIterable, Codable {
    /// Direct trips and trips with transfers (the default).
    case any
    /// Direct trips only.
    case directOnly
    /// Trips with transfers only.
    case withTransfers

    /// The value of the search's `transfers` parameter.
    public var apiTransfers: Bool {
        self != .directOnly
    }

    /// Whether a segment with the given `has_transfers` flag is shown.
    /// - Parameter hasTransfers: The segment's flag.
    /// - Returns: Whether to keep it.
    public func admits(hasTransfers: Bool) -> Bool {
        switch self {
        case .any: true
        case .directOnly: !hasTransfers
        case .withTransfers: hasTransfers
        }
    }

    /// The localized label.
    /// - Parameter strings: The language.
    /// - Returns: The label, e.g. «Только без пересадок».
    public func title(_ strings: RaspKit.Strings) -> String {
        switch self {
        case .any: strings[.filtersTransfersAny]
        case .directOnly: strings[.filtersTransfersDirect]
        case .withTransfers: strings[.filtersTransfersOnly]
        }
    }
}
