public import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1.1 channel with ``RawTargetEncoder`` before NIO's parser: requests whose target holds raw
/// UTF-8 are served as if it had been percent-encoded.
struct RawTargetChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(RawTargetEncoder(), position: .before(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

@available(macOS 14, iOS 17, tvOS 17, *)
extension HTTPServerBuilder {
    /// HTTP/1.1 as `.http1(configuration:)` serves it, except that a request target with raw UTF-8 bytes (sent
    /// unencoded, as curl and many scripts do) reaches the handler percent-encoded instead of being refused with 400.
    /// - Parameter configuration: Hummingbird's HTTP/1.1 configuration.
    public static func http1AcceptingRawUTF8Targets(
        configuration: HTTP1Channel.Configuration = .init()
    ) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            RawTargetChannel(base: HTTP1Channel(responder: responder, configuration: configuration))
        }
    }
}
