import ArgumentParser
import Foundation
import Testing
@testable import rasp

/// Where the data comes from: option, environment, config file, or the demo data.
@Suite struct DataSourceTests {
    private func environment(_ variables: [String: String], home: URL) -> Environment {
        var all = variables
        all["HOME"] = home.path
        return Environment(variables: all, stdoutIsTerminal: false, stderrIsTerminal: false)
    }

    private func options(_ arguments: [String]) throws -> GlobalOptions {
        try GlobalOptions.parse(arguments)
    }

    @Test func noKeyAndNoServerMeansDemoData() throws {
        let home = try RaspProcess.makeSandbox()
        let source = try DataSource(options: options([]), environment: environment([:], home: home))
        #expect(source.isDemo)
        #expect(source.apiKey == nil)
        #expect(source.label == "demo")
        #expect(source.cacheDirectory.path == home.appendingPathComponent(".cache/rasp").path)
    }

    @Test func keyPrecedenceIsOptionThenEnvironmentThenConfig() throws {
        let home = try RaspProcess.makeSandbox()
        let config = home.appendingPathComponent(".config/rasp/config")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try Data("# rasp\napi_key = \"from-config\"\ncache_dir = /tmp/rasp-config-cache\n".utf8).write(to: config)

        let fromConfig = try DataSource(options: options([]), environment: environment([:], home: home))
        #expect(fromConfig.apiKey == "from-config")
        #expect(fromConfig.serverURL?.host == "api.rasp.yandex-net.ru")
        #expect(fromConfig.cacheDirectory.path == "/tmp/rasp-config-cache")

        let fromEnvironment = try DataSource(options: options([]),
                                             environment: environment(["RASP_API_KEY": RaspProcess.key], home: home))
        #expect(fromEnvironment.apiKey == RaspProcess.key)

        let fromOption = try DataSource(options: options(["--api-key", " opt-key \n"]),
                                        environment: environment(["RASP_API_KEY": RaspProcess.key], home: home))
        #expect(fromOption.apiKey == "opt-key")
    }

    @Test func serverAndCacheFolders() throws {
        let home = try RaspProcess.makeSandbox()
        let source = try DataSource(options: options(["--base-url", "http://127.0.0.1:8080"]),
                                    environment: environment(["XDG_CACHE_HOME": "/tmp/xdg"], home: home))
        #expect(!source.isDemo)
        #expect(source.apiKey == nil)
        #expect(source.label == "127.0.0.1:8080")
        #expect(source.serverCacheDirectory?.path == "/tmp/xdg/rasp/127.0.0.1_8080")
        let explicit = try DataSource(options: options(["--cache-dir", "/tmp/c"]),
                                      environment: environment(["RASP_CACHE_DIR": "/tmp/env"], home: home))
        #expect(explicit.cacheDirectory.path == "/tmp/c")
    }

    @Test func configFileErrorsNameTheLine() throws {
        #expect(try ConfigFile(text: "api_key = k\n\n# c\nbase_url=http://x", path: "cfg")
            == { var config = ConfigFile(); config.apiKey = "k"; config.baseURL = "http://x"; return config }())
        #expect(throws: CLIError.self) { try ConfigFile(text: "apikey = k", path: "cfg") }
        do {
            _ = try ConfigFile(text: "api_key = k\nnonsense", path: "cfg")
            Issue.record("expected an error")
        } catch let error as CLIError {
            #expect(error.message.hasPrefix("cfg:2:"))
            #expect(error.code == .usage)
        }
    }

    @Test func badOptionsAreRejected() {
        #expect(throws: (any Error).self) { try GlobalOptions.parse(["--base-url", "ftp://x"]) }
        #expect(throws: (any Error).self) { try GlobalOptions.parse(["--header", "no colon"]) }
        #expect(throws: (any Error).self) { try GlobalOptions.parse(["--retries", "99"]) }
    }
}
