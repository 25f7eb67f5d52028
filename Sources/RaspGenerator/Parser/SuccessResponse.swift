/// The response an operation answers with when it succeeds, and how its body is read: chosen once, when the
/// operation is read, so that the client, the server and the spec mock answer alike.
public struct SuccessResponse: Sendable {
    /// The index in ``Operation/responses`` of the response whose body a call returns; nil when no success response
    /// has content.
    public var index: Int?
    /// The status a server answers with: the success's code, else the first 2xx response's; for an operation that
    /// documents neither a success nor `default`, the first code it has (a logout that only redirects answers `302`);
    /// 200 where the response chosen is `2XX` or `default`, or there is no code at all.
    public var status = 200
    /// The media type the body is read as: the first that carries JSON and is no stream, else (when there is no
    /// stream either) the first.
    public var body: MediaType?
    /// The first media type that delivers items one by one (events, JSON Lines, a JSON text sequence).
    public var stream: MediaType?
    /// The other 2xx codes, which have no content: a call that gets one of them has no body to return.
    public var emptyStatuses: [Int] = []

    /// Nothing chosen: no response has content, and the status is 200.
    public init() {}

    /// Chooses among an operation's responses. The success is among its 2xx responses (without any, its `default`)
    /// that have content: `200`, else the first that carries JSON, else the first.
    public init(_ responses: [Response]) {
        let successes = responses.indices.filter { responses[$0].status.isSuccess }
        let candidates = successes.isEmpty ? responses.indices.filter { responses[$0].status == .default } : successes
        let withContent = candidates.filter { !responses[$0].content.isEmpty }
        let chosen = withContent.first { responses[$0].status == .code(200) }
            ?? withContent.first { responses[$0].content.contains(where: \.carriesJSON) } ?? withContent.first
        index = chosen
        emptyStatuses = successes.filter { $0 != chosen && responses[$0].content.isEmpty }
            .compactMap { responses[$0].status.code }
        if let success = successes.first(where: { $0 == chosen }) ?? successes.first {
            status = responses[success].status.code ?? 200
        } else if !responses.contains(where: { $0.status == .default }) {
            status = responses.lazy.compactMap(\.status.code).first ?? 200
        }
        guard let chosen else { return }
        let content = responses[chosen].content
        stream = content.first { $0.contentType.streamKind != nil }
        body = content.first(where: \.carriesJSON)
            ?? (stream == nil ? content.first : nil)
    }
}
