import Foundation
import Testing

/// `--http-client` and `$RASP_HTTP_CLIENT` choose the HTTP library: both give the same answers against the mock
/// server (the station directory download included), and a value that names no library is a usage error. `nio` is
/// there in a build with the `CLIAsyncHTTPClient` trait; without it, asking for it is a usage error that says how to
/// get it.
@Suite struct HTTPClientOptionTests {
    #if CLIAsyncHTTPClient
    @Test(arguments: ["urlsession", "nio"])
    func eitherClientWorksAndTheyAgree(client: String) async throws {
        let url = try await SharedMock.openURL()
        let option = try await RaspProcess.run(["copyright", "--json", "--base-url", url, "--http-client", client])
        #expect(option.status == 0, "\(option)")
        let variable = try await RaspProcess.run(["copyright", "--json", "--base-url", url],
                                                 environment: ["RASP_HTTP_CLIENT": client])
        #expect(variable.status == 0, "\(variable)")
        let other = try await RaspProcess.run(["copyright", "--json", "--base-url", url, "--http-client",
                                               client == "nio" ? "urlsession" : "nio"])
        #expect(option.stdout == variable.stdout && option.stdout == other.stdout, "\(option)\n\(other)")

        // The directory download (a streamed body written to the cache) and a search over it.
        let search = try await RaspProcess.run(["search", "Москва", "Тверь", "--base-url", url,
                                                "--http-client", client])
        #expect(search.status == 0, "\(search)")
        #expect(search.stdout.hasPrefix("Москва → Тверь"), "\(search)")
    }
    #else
    @Test func urlSessionWorksAndNIONamesTheTraitItNeeds() async throws {
        let url = try await SharedMock.openURL()
        let search = try await RaspProcess.run(["search", "Москва", "Тверь", "--base-url", url,
                                                "--http-client", "urlsession"])
        #expect(search.status == 0 && search.stdout.hasPrefix("Москва → Тверь"), "\(search)")
        for run in [try await RaspProcess.run(["copyright", "--base-url", url, "--http-client", "nio"]),
                    try await RaspProcess.run(["copyright", "--base-url", url],
                                              environment: ["RASP_HTTP_CLIENT": "nio"])] {
            #expect(run.status == 2, "\(run)")
            #expect(run.stderr.contains("swift build --traits CLIAsyncHTTPClient"), "\(run)")
        }
    }
    #endif

    @Test func aValueThatNamesNoClientIsAUsageError() async throws {
        let url = try await SharedMock.openURL()
        let option = try await RaspProcess.run(["copyright", "--base-url", url, "--http-client", "curl"])
        #expect(option.status == 2, "\(option)")
        #expect(option.stderr.contains("--http-client"), "\(option)")
        let variable = try await RaspProcess.run(["copyright", "--base-url", url],
                                                 environment: ["RASP_HTTP_CLIENT": "curl"])
        #expect(variable.status == 2, "\(variable)")
        #expect(variable.stderr.contains("$RASP_HTTP_CLIENT must be urlsession or nio, got 'curl'"), "\(variable)")
    }
}
