import Foundation
import RaspAPI
import RaspKit
import RaspRuntime
import Testing
import RaspTestSupport

@MainActor
@Suite("Schedule")
struct ScheduleViewModelTests {
    let ru = RaspKit.Strings(language: .ru)

    func model(_ client: MockRaspClient, settings: SettingsStore? = nil, pageSize: Int = 20,
               analytics: InMemoryAnalyticsTracker = .init(), language: AppLanguage = .ru) -> ScheduleViewModel {
        ScheduleViewModel(request: Samples.request, client: client, settings: settings, pageSize: pageSize,
                          strings: .init(language: language), analytics: analytics)
    }

    @Test("idle → loading → loaded, with times in station time, duration, carrier and date")
    func loaded() async throws {
        let calls = Recorder<Operations.Search>()
        var client = MockRaspClient()
        client.searchHandler = { input in
            calls.append(input)
            return Samples.search([Samples.direct("a", departure: "23:55", hours: 8),
                                   Samples.transfer("t", departure: "22:50")])
        }
        let model = model(client)
        #expect(model.state == .idle)
        model.load()
        #expect(model.state == .loading)
        await eventually { model.state.value != nil }
        let rows = try #require(model.state.value)
        #expect(rows.count == 2)
        #expect(rows[0].departureText == "23:55")
        #expect(rows[0].arrivalText == "07:55")
        #expect(rows[0].durationText == "8 часов")
        #expect(rows[0].dateText == "5 марта")
        #expect(rows[0].carrierTitle == "РЖД/ФПК")
        #expect(rows[0].carrierLogoURL?.absoluteString == "https://yastatic.net/rasp/media/logo.svg")
        #expect(rows[0].transferNote == nil)
        #expect(rows[1].hasTransfers)
        #expect(rows[1].transferNote == "С пересадкой: Тверь")
        #expect(rows[1].carrierTitle == "РЖД/ФПК / Ласточка")
        #expect(rows[1].durationText == "5 ч 20 мин")
        let input = try #require(calls.values.first)
        #expect(input.from == "s2006004" && input.to == "s9602494")
        #expect(input.date == Samples.date)
        #expect(input.transfers == true)
        #expect(model.title == "Москва (Ленинградский вокзал) → Санкт-Петербург (Московский вокзал)")
    }

    @Test("no trips → empty with «Вариантов нет»")
    func empty() async {
        var client = MockRaspClient()
        client.searchHandler = { _ in Samples.search([]) }
        let model = model(client)
        model.load()
        await eventually { model.state.emptyMessage != nil }
        #expect(model.state == .empty(message: "Вариантов нет"))
        #expect(!model.canLoadMore)
    }

    nonisolated static let clientErrors: [(ClientError, ScreenFailure.Kind)] = [
        (.noConnection(operationID: "search", reason: "URLError -1009"), .noInternet),
        (.timeout(operationID: "search"), .noInternet),
        (Samples.httpError(500), .serverError),
        (Samples.httpError(400, text: "Точка отправления не должна совпадать с точкой прибытия."), .serverError),
        (Samples.httpError(404, text: "Не нашли объект по yandex коду s1"), .serverError),
        (ClientError(decodingError: DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not JSON")),
                     operationID: "search", status: 200), .serverError),
        (.invalidRequest(operationID: "search", reason: "bad URL"), .serverError),
        (.quotaExhausted(operationID: "search", limit: 500), .serverError),
    ]

    @Test("each client error reaches the right error screen", arguments: clientErrors)
    func errors(error: ClientError, kind: ScreenFailure.Kind) async throws {
        var client = MockRaspClient()
        client.searchHandler = { _ in throw error }
        let analytics = InMemoryAnalyticsTracker()
        let model = model(client, analytics: analytics)
        model.load()
        await eventually { model.state.failure != nil }
        let failure = try #require(model.state.failure)
        #expect(failure.kind == kind)
        #expect(failure.title == (kind == .noInternet ? "Нет интернета" : "Ошибка сервера"))
        #expect(failure.retryTitle == "Повторить")
        #expect(!(failure.detail ?? "").contains(testKey))
        #expect(analytics.events.contains(.errorShown(screen: .schedule, kind: kind)))
    }

    @Test("the API's error text and the quota reach the detail line")
    func errorDetails() async throws {
        var client = MockRaspClient()
        client.searchHandler = { _ in
            throw Samples.httpError(400, text: "Точка отправления не должна совпадать с точкой прибытия.")
        }
        let model = model(client)
        model.load()
        await eventually { model.state.failure != nil }
        #expect(model.state.failure?.detail == "Точка отправления не должна совпадать с точкой прибытия.")
        let quota = ErrorClassifier.classify(ClientError.quotaExhausted(operationID: "search", limit: 500),
                                             strings: .init(language: .en))
        #expect(quota?.detail == "Daily request limit reached")
        #expect(quota?.title == "Server error")
        #expect(ErrorClassifier.classify(ClientError.cancelled(operationID: "search"), strings: ru) == nil)
        #expect(ErrorClassifier.classify(CancellationError(), strings: ru) == nil)
        #expect(ErrorClassifier.classify(URLError(.notConnectedToInternet), strings: ru)?.kind == .noInternet)
        // The generated client throws a documented 400 as `APIError<ErrorResponse>`: the same screen and text.
        let failure = try #require(Samples.httpError(400, text: "Неверный код станции").httpFailure)
        let typed = APIError(body: ErrorResponse(error: .init(text: "Неверный код станции")), failure: failure)
        let screen = ErrorClassifier.classify(typed, strings: ru)
        #expect(screen?.kind == .serverError && screen?.detail == "Неверный код станции")
    }

    @Test("retry after an error loads again")
    func retry() async {
        let attempts = Recorder<Int>()
        var client = MockRaspClient()
        client.searchHandler = { _ in
            attempts.append(1)
            if attempts.count == 1 { throw ClientError.noConnection(operationID: "search", reason: "offline") }
            return Samples.search([Samples.direct("a", departure: "10:00")])
        }
        let model = model(client)
        model.load()
        await eventually { model.state.failure?.kind == .noInternet }
        model.retry()
        await eventually { model.state.value?.count == 1 }
    }

    @Test("pages load as the user scrolls, until the total is reached")
    func pagination() async throws {
        let offsets = Recorder<Int>()
        var client = MockRaspClient()
        client.searchHandler = { input in
            let offset = input.offset ?? 0
            offsets.append(offset)
            let all = (0..<5).map { Samples.direct("t\($0)", departure: String(format: "%02d:00", 8 + $0)) }
            return Samples.search(Array(all[offset..<min(offset + 2, 5)]), total: 5, offset: offset, limit: 2)
        }
        let model = model(client, pageSize: 2)
        model.load()
        await eventually { model.state.value?.count == 2 }
        #expect(model.canLoadMore)
        let first = try #require(model.state.value?.first)
        model.loadMoreIfNeeded(currentRow: first)  // within the last three rows
        await eventually { model.state.value?.count == 4 }
        let last = try #require(model.state.value?.last)
        model.loadMoreIfNeeded(currentRow: last)
        await eventually { model.state.value?.count == 5 }
        #expect(!model.canLoadMore)
        model.loadMore()
        #expect(!model.isLoadingMore)
        #expect(offsets.values == [0, 2, 4])
    }

    @Test("a failed further page keeps the rows and retries that page")
    func loadMoreFailure() async {
        let calls = Recorder<Int>()
        var client = MockRaspClient()
        client.searchHandler = { input in
            calls.append(input.offset ?? 0)
            if input.offset == 1 && calls.values.filter({ $0 == 1 }).count == 1 {
                throw ClientError.timeout(operationID: "search")
            }
            let offset = input.offset ?? 0
            return Samples.search([Samples.direct("t\(offset)", departure: "1\(offset):00")], total: 2,
                                  offset: offset, limit: 1)
        }
        let model = model(client, pageSize: 1)
        model.load()
        await eventually { model.state.value?.count == 1 }
        model.loadMore()
        await eventually { model.loadMoreFailure != nil }
        #expect(model.loadMoreFailure?.kind == .noInternet)
        #expect(model.state.value?.count == 1)
        model.retry()
        await eventually { model.state.value?.count == 2 }
        #expect(model.loadMoreFailure == nil)
    }

    @Test("filters: evening slot and direct only; «Применить» updates the list; transfers reloads with the parameter")
    func filters() async throws {
        let transfersParameter = Recorder<Bool?>()
        var client = MockRaspClient()
        client.searchHandler = { input in
            transfersParameter.append(input.transfers)
            var segments = [Samples.direct("m", departure: "09:00"), Samples.direct("e", departure: "19:30"),
                            Samples.direct("n", departure: "00:00")]
            if input.transfers == true { segments.append(Samples.transfer("t", departure: "18:00")) }
            return Samples.search(segments)
        }
        let analytics = InMemoryAnalyticsTracker()
        let settings = SettingsStore.inMemory()
        let model = model(client, settings: settings, analytics: analytics)
        model.load()
        await eventually { model.state.value?.count == 4 }

        let filters = model.makeFiltersViewModel()
        #expect(!filters.isApplyVisible)
        filters.toggle(.evening)
        #expect(filters.isActive && filters.isApplyVisible)
        filters.apply()
        await eventually { model.state.value?.count == 2 }
        #expect(model.state.value?.map(\.number).contains("7001 / 7002") == true)
        #expect(transfersParameter.values == [true])  // slots refilter without a request
        #expect(model.filtersAreActive)

        let direct = model.makeFiltersViewModel()
        direct.select(.directOnly)
        direct.apply()
        await eventually { transfersParameter.count == 2 && model.state.value?.count == 1 }
        #expect(transfersParameter.values == [true, false])
        #expect(model.state.value?.first?.departureText == "19:30")
        #expect(analytics.events.contains(.filtersChanged(slots: [.evening], transfers: .directOnly)))

        let withTransfers = model.makeFiltersViewModel()
        withTransfers.select(.withTransfers)
        withTransfers.apply()
        await eventually { transfersParameter.count == 3 && model.state.value?.first?.hasTransfers == true }
        #expect(model.state.value?.count == 1)
    }

    @Test("filters survive a reload and a new schedule screen")
    func filtersSurvive() async {
        let transfersParameter = Recorder<Bool?>()
        var client = MockRaspClient()
        client.searchHandler = { input in
            transfersParameter.append(input.transfers)
            return Samples.search([Samples.direct("m", departure: "09:00"), Samples.direct("e", departure: "19:30")])
        }
        let settings = SettingsStore.inMemory()
        let first = model(client, settings: settings)
        first.load()
        await eventually { first.state.value?.count == 2 }
        first.apply(TripFilters(slots: [.evening], transfers: .directOnly))
        await eventually { first.state.value?.count == 1 && transfersParameter.count == 2 }
        first.reload()
        await eventually { transfersParameter.count == 3 && first.state.value?.count == 1 }
        #expect(first.filters == TripFilters(slots: [.evening], transfers: .directOnly))

        let second = model(client, settings: settings)
        #expect(second.filters == TripFilters(slots: [.evening], transfers: .directOnly))
        second.load()
        await eventually { second.state.value?.count == 1 }
        #expect(transfersParameter.values.last == false)
    }

    @Test("pages without a match are skipped until one matches; none at all is empty")
    func filteredPaging() async {
        let offsets = Recorder<Int>()
        var client = MockRaspClient()
        client.searchHandler = { input in
            let offset = input.offset ?? 0
            offsets.append(offset)
            let departure = offset == 2 ? "20:00" : "09:00"
            return Samples.search([Samples.direct("t\(offset)", departure: departure)], total: 3,
                                  offset: offset, limit: 1)
        }
        let settings = SettingsStore.inMemory()
        settings.scheduleFilters = TripFilters(slots: [.evening])
        let model = model(client, settings: settings, pageSize: 1)
        model.load()
        await eventually { model.state.value?.count == 1 }
        #expect(offsets.values == [0, 1, 2])
        model.apply(TripFilters(slots: [.night]))
        await eventually { model.state.emptyMessage != nil }
        #expect(model.state == .empty(message: "Вариантов нет"))
    }

    @Test("a reload cancels the request it supersedes")
    func supersededIsCancelled() async {
        let cancelled = Recorder<Int>()
        let started = Recorder<Int>()
        var client = MockRaspClient()
        client.searchHandler = { _ in
            started.append(1)
            if started.count == 1 {
                do { try await Task.sleep(for: .seconds(60)) } catch { cancelled.append(1); throw error }
            }
            return Samples.search([Samples.direct("a", departure: "10:00")])
        }
        let model = model(client)
        model.load()
        await eventually { started.count == 1 }
        model.reload()
        await eventually { cancelled.count == 1 && model.state.value?.count == 1 }
    }

    @Test("in-flight work is cancelled when the model goes away")
    func deallocationCancels() async {
        let cancelled = Recorder<Int>()
        let started = Recorder<Int>()
        var client = MockRaspClient()
        client.searchHandler = { _ in
            started.append(1)
            do { try await Task.sleep(for: .seconds(60)) } catch { cancelled.append(1); throw error }
            return Samples.search([])
        }
        var model: ScheduleViewModel? = model(client)
        weak let weakModel = model
        model?.load()
        await eventually { started.count == 1 }
        model = nil
        #expect(weakModel == nil)
        await eventually { cancelled.count == 1 }
    }

    @Test("English rows")
    func english() async throws {
        var client = MockRaspClient()
        client.searchHandler = { _ in
            Samples.search([Samples.transfer("t", departure: "22:50"),
                            Samples.direct("x", departure: "08:00", carrier: nil)])
        }
        let model = model(client, language: .en)
        model.load()
        await eventually { model.state.value != nil }
        let rows = try #require(model.state.value)
        #expect(rows[0].transferNote == "With a transfer: Тверь")
        #expect(rows[0].dateText == "5 March")
        #expect(rows[1].carrierTitle == "Carrier not specified")
        #expect(rows[1].carrierCode == nil)
        #expect(model.makeCarrierViewModel(for: rows[1]) == nil)
        #expect(model.makeCarrierViewModel(for: rows[0])?.code == "112")
        #expect(model.filtersButtonTitle == "Refine the time")
    }
}
