import Foundation
import RaspAPI
import RaspMiddlewares

/// The carrier screen: logo, name, site, phone and e-mail from `/carrier/`, with the URLs for the actions.
///
/// ```swift
/// let model = CarrierViewModel(code: "112", client: client, strings: .init(language: .ru))
/// model.load()                      // .loading → .loaded(details) / .empty / .failed
/// model.state.value?.phoneURL       // tel:+78007750000
/// ```
/// The endpoint answers `{"carrier": {…}}` for a unique code (`SU` in IATA too) and `{"carriers": […]}` when a
/// code matches several (`TK` in IATA); the screen shows the match whose code equals the requested one, else the
/// first, and keeps the others in ``otherMatches``.
@MainActor
public final class CarrierViewModel: ObservableObject {
    /// What the screen shows.
    @Published public private(set) var state: LoadState<CarrierDetails> = .idle
    /// Further carriers that matched an ambiguous code.
    @Published public private(set) var otherMatches: [CarrierDetails] = []
    /// Set while the details are a saved answer shown because the server could not be reached; nil for live data.
    @Published public private(set) var saved: SavedResults?

    /// The requested code.
    public let code: String
    /// The coding system of ``code`` (nil means Yandex codes).
    public let system: CarrierSystem?
    /// The language of the texts.
    public let strings: RaspKit.Strings

    private let client: any RaspClientProtocol
    private let analytics: any AnalyticsTracker
    private var task: Task<Void, Never>?

    /// A model for one carrier.
    /// - Parameters:
    ///   - code: The carrier code (a Yandex code such as `112`, or an IATA code with `system: .iata`).
    ///   - system: The coding system of `code`.
    ///   - client: The Rasp client.
    ///   - strings: The language of the texts.
    ///   - analytics: Where `carrier_viewed` goes.
    public init(code: String, system: CarrierSystem? = nil, client: any RaspClientProtocol,
                strings: RaspKit.Strings = .init(), analytics: any AnalyticsTracker = NoAnalyticsTracker()) {
        self.code = code
        self.system = system
        self.client = client
        self.strings = strings
        self.analytics = analytics
    }

    deinit { task?.cancel() }

    /// The screen's title, «Информация о перевозчике».
    public var title: String { strings[.carrierTitle] }

    /// Starts loading when nothing has been loaded yet (call on appear).
    public func load() {
        guard case .idle = state else { return }
        analytics.track(.screenOpened(.carrier))
        start()
    }

    /// Loads again (the error screens' retry action).
    public func retry() {
        start()
    }

    private func start() {
        task?.cancel()
        state = .loading
        task = Task { [weak self, client, code, system, strings] in
            let result: Result<CarrierResponse, any Error>
            var saved: SavedResults?
            do {
                let (response, reports) = try await HTTPCacheMiddleware.observing {
                    try await client.carrier(code: code, system: system)
                }
                saved = SavedResults.from(reports, strings: strings)
                result = .success(response)
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled else { return }
            self?.saved = saved
            self?.finish(result)
        }
    }

    private func finish(_ result: Result<CarrierResponse, any Error>) {
        switch result {
        case .success(let response):
            let all = ([response.carrier].compactMap { $0 } + (response.carriers ?? [])).map(CarrierDetails.init)
            let primary = all.first { String($0.id) == code } ?? all.first
            guard let primary else {
                otherMatches = []
                state = .empty(message: strings[.carrierEmpty])
                return
            }
            otherMatches = all.filter { $0 != primary }
            state = .loaded(primary)
            analytics.track(.carrierViewed(code: String(primary.id)))
        case .failure(let error):
            let failure = ErrorClassifier.failure(for: error, strings: strings)
            state = .failed(failure)
            analytics.track(.errorShown(screen: .carrier, kind: failure.kind))
        }
    }
}
