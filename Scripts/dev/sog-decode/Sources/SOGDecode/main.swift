import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Answers every request with one recorded body, as the real server sent it (status and content type).
struct RecordedTransport: ClientTransport {
    let status: HTTPResponse.Status
    let contentType: String
    let body: Data

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        return (HTTPResponse(status: status, headerFields: fields), HTTPBody(self.body))
    }
}

/// Decodes one sample through the generated client's operation named by the file's prefix (as check-spec.py does).
func decode(_ file: URL) async throws -> String {
    let data = try Data(contentsOf: file)
    let name = file.lastPathComponent
    let isError = name.hasPrefix("error_400_")
    let operation = isError ? String(name.dropFirst("error_400_".count)) : name
    let type = operation.hasPrefix("stations_list") ? "text/html; charset=utf-8" : "application/json; charset=utf-8"
    let client = Client(serverURL: URL(string: "https://api.rasp.yandex-net.ru")!,
                        transport: RecordedTransport(status: isError ? .badRequest : .ok, contentType: type,
                                                     body: data))
    if operation.hasPrefix("search") {
        switch try await client.search(query: .init(from: "c1", to: "c2")) {
        case .ok(let ok): return "SearchResponse, \(try ok.body.json.segments.count) segments"
        case .badRequest(let bad): return "ErrorResponse: \(try bad.body.json.error.text)"
        default: throw Unexpected()
        }
    } else if operation.hasPrefix("schedule") {
        let items = try await client.schedule(query: .init(station: "s1")).ok.body.json.schedule.count
        return "ScheduleResponse, \(items) items"
    } else if operation.hasPrefix("thread") {
        return "ThreadResponse, \(try await client.thread(query: .init(uid: "u")).ok.body.json.stops.count) stops"
    } else if operation.hasPrefix("nearest_stations") {
        let answer = try await client.nearestStations(query: .init(lat: 0, lng: 0, distance: 1)).ok.body.json
        return "NearestStationsResponse, \(answer.stations.count) stations"
    } else if operation.hasPrefix("nearest_settlement") {
        let answer = try await client.nearestSettlement(query: .init(lat: 0, lng: 0)).ok.body.json
        return "NearestSettlementResponse, \(answer.title)"
    } else if operation.hasPrefix("carrier") {
        let answer = try await client.carrier(query: .init(code: "x")).ok.body.json
        return "CarrierResponse, \(answer.carrier.map { _ in 1 } ?? answer.carriers?.count ?? 0) carrier(s)"
    } else if operation.hasPrefix("stations_list") {
        // The body is JSON served as text/html; SOG hands it over raw, and the user decodes it.
        let body = try await client.stationsList().ok.body.html
        let bytes = try await Data(collecting: body, upTo: 100 << 20)
        let list = try JSONDecoder().decode(Components.Schemas.StationsListResponse.self, from: bytes)
        return "StationsListResponse, \(list.countries.count) countries"
    } else if operation.hasPrefix("copyright") {
        return "CopyrightResponse: \(try await client.copyright().ok.body.json.copyright.text)"
    }
    throw Unexpected()
}

struct Unexpected: Error {}

var decoded = 0
let files = CommandLine.arguments.dropFirst().map { URL(fileURLWithPath: $0) }
for file in files {
    do {
        print("\(file.lastPathComponent): ok, \(try await decode(file))")
        decoded += 1
    } catch {
        print("\(file.lastPathComponent): FAILED \(String(describing: error).prefix(600))")
    }
}
print("sog.decoded: \(decoded) of \(files.count) samples")
