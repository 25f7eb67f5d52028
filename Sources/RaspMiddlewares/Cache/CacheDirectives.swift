import Foundation
import HTTPTypes

/// The `Cache-Control` directives of a request or a response (RFC 9111, section 5.2, and `stale-if-error` from
/// RFC 5861), as far as a private cache acts on them. Unknown directives are ignored; a directive given twice keeps
/// its first value.
struct CacheDirectives: Sendable, Hashable {
    var maxAge: Int?
    var maxStale: Int?
    var minFresh: Int?
    var staleIfError: Int?
    var noCache = false
    var noStore = false
    var mustRevalidate = false
    var onlyIfCached = false

    init(_ headers: HTTPFields) {
        self.init(cacheControl: headers[values: .cacheControl], pragma: headers[Self.pragma])
    }

    /// The directives of a stored answer's header fields.
    init(_ stored: HTTPCachedResponse) {
        let values = { (name: String) in
            stored.headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
        }
        self.init(cacheControl: values("Cache-Control"), pragma: values("Pragma").first)
    }

    /// The directives of the `Cache-Control` field values, and of `Pragma` when there are none.
    private init(cacheControl: [String], pragma: String?) {
        for value in cacheControl {
            for part in value.split(separator: ",") {
                let pieces = part.split(separator: "=", maxSplits: 1)
                let name = pieces.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
                let argument = pieces.count == 2
                    ? pieces[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(["\""]))
                    : nil
                let seconds = argument.flatMap { Int($0) }.map { max(0, $0) }
                switch name {
                case "max-age": maxAge = maxAge ?? seconds
                // A request's `max-stale` without a value accepts a response however stale.
                case "max-stale": maxStale = maxStale ?? (argument == nil ? Int.max : seconds)
                case "min-fresh": minFresh = minFresh ?? seconds
                case "stale-if-error": staleIfError = staleIfError ?? seconds
                case "no-cache": noCache = true
                case "no-store": noStore = true
                case "must-revalidate", "proxy-revalidate": mustRevalidate = true
                case "only-if-cached": onlyIfCached = true
                default: break
                }
            }
        }
        // HTTP/1.0's `Pragma: no-cache` in a request without `Cache-Control` (RFC 9111, section 5.4).
        if cacheControl.isEmpty, pragma?.lowercased().contains("no-cache") == true {
            noCache = true
        }
    }

    private static let pragma = HTTPField.Name("Pragma")!
}
