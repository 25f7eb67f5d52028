#if SwiftOpenAPIRuntime
import OpenAPIRuntime
import RaspRuntime

// swift-openapi-runtime and this runtime both name a `ClientError`: in this module the name is this runtime's, the
// error every adapter throws. (The protocols of both, `ClientTransport` and `ClientMiddleware`, are always written
// with their module.)
typealias ClientError = RaspRuntime.ClientError
#endif
