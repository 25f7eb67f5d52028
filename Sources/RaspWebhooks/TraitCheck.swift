// RaspWebhooks is built on swift-crypto, which the package's Server trait brings (on by default): a dependent that
// turned the default traits off names it again, `.package(…, traits: ["Server"])`.
#if !Server
#error("RaspWebhooks needs the package's Server trait: .package(…, traits: [\"Server\"])")
#endif
