/// What a screen shows: nothing yet, a spinner, content, an empty-result message, or an error with a retry.
///
/// `Value` is the content of the screen; an empty result is its own case (with the localized message to show)
/// so a view never has to decide what an empty array means.
public enum LoadState<Value> {
    /// Nothing requested yet.
    case idle
    /// Work is in flight.
    case loading
    /// Content to show.
    case loaded(Value)
    /// The request succeeded but found nothing; `message` is the localized text to show
    /// (for example «Вариантов нет»).
    case empty(message: String)
    /// The request failed; the failure says whether it was the connection or the server, with localized text.
    case failed(ScreenFailure)

    /// The content, when loaded.
    public var value: Value? {
        if case .loaded(let value) = self { return value }
        return nil
    }

    /// Whether work is in flight.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The failure, when failed.
    public var failure: ScreenFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }

    /// The empty-result message, when empty.
    public var emptyMessage: String? {
        if case .empty(let message) = self { return message }
        return nil
    }
}

extension LoadState: Sendable where Value: Sendable {}
extension LoadState: Equatable where Value: Equatable {}
extension LoadState: Hashable where Value: Hashable {}
