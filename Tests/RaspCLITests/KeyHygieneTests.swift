import Foundation
import Testing

/// A key or a `--header` value with a line break (or another control character) is refused before any request,
/// as a usage error (exit code 2) naming where it came from and never showing it; sending it would drop the
/// header without a word and the user would only see «Invalid API key».
@Suite struct KeyHygieneTests {
    /// Keys a copy and paste can produce, and the character the message names.
    static let badKeys = [("\(RaspProcess.key)\r\nX-Injected: 1", "CR"), ("\(RaspProcess.key)\nsecond-line", "LF"),
                          ("\(RaspProcess.key)\u{7F}", "DEL")]

    /// Checks a refused run: exit 2, one message on standard error, nothing on standard output, no key.
    private func expectRefused(_ run: RaspRun, message: String, key: String = RaspProcess.key) {
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(run.stderr.contains(message), "\(run)")
        #expect(!run.printed(key), "\(run)")
        #expect(!run.printed("second-line") && !run.printed("X-Injected"), "\(run)")
    }

    @Test func aKeyWithAControlCharacterFromTheOptionOrTheEnvironment() async throws {
        try await RepairRig.with { rig in
            let url = rig.url.absoluteString
            for (key, character) in Self.badKeys {
                let option = try await RaspProcess.run(["search", "c213", "c2", "--api-key", key, "--base-url", url])
                expectRefused(option, message: "rasp: error: the API key from --api-key contains a control character "
                              + "(\(character)); pass the key as one line of plain text")
                let environment = try await RaspProcess.run(["search", "c213", "c2", "--base-url", url],
                                                            environment: ["RASP_API_KEY": key])
                expectRefused(environment,
                              message: "the API key from $RASP_API_KEY contains a control character (\(character))")
            }
            #expect(await rig.server.counters(for: "/v3.0/search/").requests == 0, "nothing was sent")
        }
    }

    @Test func aKeyWithAControlCharacterFromTheConfigFile() async throws {
        // Not the test key: the config file stays in the sandbox, where the leak scan would flag that key.
        let key = "config-key-5e2a9c41"
        let sandbox = try RaspProcess.makeSandbox()
        let config = sandbox.appendingPathComponent("rasp.conf")
        for (value, character) in [("\(key)\rX-Injected: 1", "CR"), ("\(key)\u{0}", "NUL")] {
            try Data("base_url = \(SharedMock.closedURL)\napi_key = \(value)\n".utf8).write(to: config)
            let run = try await RaspProcess.run(["search", "c213", "c2"], sandbox: sandbox,
                                                environment: ["RASP_CONFIG": config.path])
            expectRefused(run, message: "the API key from api_key in \(config.path) contains a control character "
                          + "(\(character))", key: key)
        }
    }

    @Test func aHeaderWithAControlCharacterOrABadName() async throws {
        let url = try await SharedMock.openURL()
        let value = try await RaspProcess.run(["copyright", "--base-url", url,
                                               "--header", "X-Mock-Fault: 500\r\nAuthorization: \(RaspProcess.key)"])
        expectRefused(value, message: "--header X-Mock-Fault: the value contains a control character (CR)")
        let name = try await RaspProcess.run(["copyright", "--base-url", url, "--header", "X Mock: \(RaspProcess.key)"])
        expectRefused(name, message: "--header: 'X Mock' is not a valid header name")
        let colon = try await RaspProcess.run(["copyright", "--base-url", url,
                                               "--header", "Authorization \(RaspProcess.key)"])
        expectRefused(colon, message: "--header must look like 'Name: Value'")
        let fine = try await RaspProcess.run(["copyright", "--base-url", url, "--header", "X-Trace: a b\tc"])
        expectRefused(fine, message: "--header X-Trace: the value contains a control character (TAB)")
    }
}
