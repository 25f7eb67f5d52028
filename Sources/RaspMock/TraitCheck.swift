// RaspMock is built on packages that the package's Server trait brings (on by default): a dependent that turned the
// default traits off names it again, `.package(…, traits: ["Server"])`.
#if !Server
#error("RaspMock needs the package's Server trait: .package(…, traits: [\"Server\"])")
#endif
