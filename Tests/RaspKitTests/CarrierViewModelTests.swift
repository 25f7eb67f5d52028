import Foundation
import RaspAPI
import RaspKit
import RaspRuntime
import Testing

@MainActor
@Suite("Carrier")
struct CarrierViewModelTests {
    @Test("the object form loads with tel:, mailto: and https: actions")
    func objectForm() async throws {
        let codes = Recorder<String>()
        var client = MockRaspClient()
        client.carrierHandler = { input in
            codes.append(input.code)
            return CarrierResponse(carrier: Carrier(
                code: 112, title: "РЖД/ФПК", codes: CarrierCodes(), url: "http://pass.rzd.ru",
                email: " info@rzd.ru ", contacts: "Москва<br>ул. Маши Порываевой\r\n</br>",
                phone: "+7 (800) 775-00-00", logo: "//yastatic.net/rasp/media/data/company/logo/rzd.png"))
        }
        let analytics = InMemoryAnalyticsTracker()
        let model = CarrierViewModel(code: "112", client: client, strings: .init(language: .ru), analytics: analytics)
        #expect(model.state == .idle)
        model.load()
        #expect(model.state == .loading)
        await eventually { model.state.value != nil }
        let details = try #require(model.state.value)
        #expect(details.title == "РЖД/ФПК")
        #expect(details.logoURL?.absoluteString == "https://yastatic.net/rasp/media/data/company/logo/rzd.png")
        #expect(details.phoneURL?.absoluteString == "tel:+78007750000")
        #expect(details.emailURL?.absoluteString == "mailto:info@rzd.ru")
        #expect(details.siteURL?.absoluteString == "http://pass.rzd.ru")
        #expect(details.contacts == "Москва\nул. Маши Порываевой")
        #expect(model.title == "Информация о перевозчике")
        #expect(codes.values == ["112"])
        #expect(analytics.events.contains(.carrierViewed(code: "112")))
        #expect(analytics.events.contains(.screenOpened(.carrier)))
    }

    @Test("the array form shows the carrier whose code matches, else the first, and keeps the rest")
    func arrayForm() async throws {
        var client = MockRaspClient()
        client.carrierHandler = { input in
            #expect(input.system == .iata)
            return CarrierResponse(carriers: [
                Carrier(code: 680, title: "Turkish Airlines", codes: CarrierCodes(iata: "TK"),
                        url: "turkishairlines.com"),
                Carrier(code: 5483, title: "Turkish Air", codes: CarrierCodes(iata: "TK"))])
        }
        let model = CarrierViewModel(code: "TK", system: .iata, client: client, strings: .init(language: .en))
        model.load()
        await eventually { model.state.value != nil }
        #expect(model.state.value?.title == "Turkish Airlines")
        #expect(model.state.value?.siteURL?.absoluteString == "https://turkishairlines.com")
        #expect(model.otherMatches.map(\.title) == ["Turkish Air"])
        #expect(model.state.value?.phoneURL == nil)
    }

    @Test("no carrier in the answer → empty; errors → the two error screens; retry")
    func emptyAndErrors() async {
        let attempts = Recorder<Int>()
        var client = MockRaspClient()
        client.carrierHandler = { _ in
            attempts.append(1)
            switch attempts.count {
            case 1: throw ClientError.noConnection(operationID: "carrier", reason: "offline")
            case 2: throw ClientError.http(.init(operationID: "carrier", status: 404, headers: [:], body: Data(),
                                                 decodedBody: nil))
            default: return CarrierResponse()
            }
        }
        let model = CarrierViewModel(code: "1", client: client, strings: .init(language: .ru))
        model.load()
        await eventually { model.state.failure?.kind == .noInternet }
        model.retry()
        await eventually { model.state.failure?.kind == .serverError }
        model.retry()
        await eventually { model.state.emptyMessage != nil }
        #expect(model.state == .empty(message: "Перевозчик не найден"))
    }

    @Test("a carrier request in flight is cancelled when the screen goes away")
    func deallocationCancels() async {
        let started = Recorder<Int>()
        let cancelled = Recorder<Int>()
        var client = MockRaspClient()
        client.carrierHandler = { _ in
            started.append(1)
            do { try await Task.sleep(for: .seconds(60)) } catch { cancelled.append(1); throw error }
            return CarrierResponse()
        }
        var model: CarrierViewModel? = CarrierViewModel(code: "112", client: client)
        weak let weakModel = model
        model?.load()
        await eventually { started.count == 1 }
        model = nil
        #expect(weakModel == nil)
        await eventually { cancelled.count == 1 }
    }

    nonisolated static let phones: [(String, String?)] = [
        ("8 (800) 555-35-35", "tel:88005553535"), ("+7 495 223-55-55; +7 495 000-00-00", "tel:+74952235555"),
        ("", nil), ("нет", nil),
    ]

    @Test("contact links", arguments: phones)
    func phones(text: String, expected: String?) {
        #expect(ContactLinks.phoneURL(text)?.absoluteString == expected)
    }

    @Test("web and e-mail links")
    func webAndMail() {
        #expect(ContactLinks.webURL("//yastatic.net/logo.svg")?.absoluteString == "https://yastatic.net/logo.svg")
        #expect(ContactLinks.webURL("www.s7.ru")?.absoluteString == "https://www.s7.ru")
        #expect(ContactLinks.webURL("https://www.aeroflot.ru/")?.absoluteString == "https://www.aeroflot.ru/")
        #expect(ContactLinks.webURL("") == nil)
        #expect(ContactLinks.webURL("not a url") == nil)
        #expect(ContactLinks.emailURL("a@b.ru")?.absoluteString == "mailto:a@b.ru")
        #expect(ContactLinks.emailURL("a@b") == nil)
        #expect(ContactLinks.emailURL("http://x.ru") == nil)
        #expect(ContactLinks.emailURL(nil) == nil)
    }
}
