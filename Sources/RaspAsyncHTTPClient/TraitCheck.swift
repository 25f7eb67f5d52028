// RaspAsyncHTTPClient is built on packages that the package's NIOTransport trait brings (on by default): a dependent
// that turned the default traits off names it again, `.package(…, traits: ["NIOTransport"])`.
#if !NIOTransport
#error("RaspAsyncHTTPClient needs the package's NIOTransport trait: .package(…, traits: [\"NIOTransport\"])")
#endif
