// libFuzzer entry point over the whole generator: bytes → YAML tree → OpenAPI model → Swift declarations → text.
// Built by Scripts/dev/fuzz-parser.sh together with the RaspGenerator sources (one module), never by SwiftPM.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGenerator(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Any input must end in files or a diagnostic with a position, never a crash or a hang.
    do {
        let result = try GeneratorPipeline().run(bytes, sourceName: "fuzz.yaml")
        precondition(result.files.count == GeneratorPipeline.outputFileNames.count)
    } catch {
        _ = error.rendered(fileName: "fuzz.yaml", source: String(decoding: bytes, as: UTF8.self))
    }
    return 0
}
