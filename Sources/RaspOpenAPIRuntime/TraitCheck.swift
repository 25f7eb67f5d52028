// RaspOpenAPIRuntime is built on swift-openapi-runtime, which the package's SwiftOpenAPIRuntime trait brings (on by
// default): a dependent that turned the default traits off names it again,
// `.package(…, traits: ["SwiftOpenAPIRuntime"])`.
#if !SwiftOpenAPIRuntime
#error("RaspOpenAPIRuntime needs the SwiftOpenAPIRuntime trait: .package(…, traits: [\"SwiftOpenAPIRuntime\"])")
#endif
