import RaspDemo
import RaspRuntime

/// The API key check of the demo handler (`DemoAPI.requiredKey`, `rasp-mock --require-key`), as a middleware of the
/// generated server: a request without the right key (`apikey` in the query or the `Authorization` header) gets the
/// demo's 401 before its parameters are read, as from the real API. The generated routes do not pass credentials
/// on to their handler, so the handler itself checks no key.
struct KeyCheckMiddleware: ServerMiddleware {
    let api: DemoAPI

    func intercept(_ request: ServerRequest, next: @Sendable (ServerRequest) async throws -> ServerResponse)
        async throws -> ServerResponse {
        guard api.requiredKey != nil,
              let failure = api.authenticationFailure(path: request.path, query: request.query.map { ($0, $1) },
                                                      headers: request.headers) else {
            return try await next(request)
        }
        return ServerResponse(status: failure.status, headers: failure.headers,
                              body: .data(failure.body))
    }
}
