import Foundation
import RaspRuntime
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The header fields of a Foundation response as ``/RaspRuntime/HTTPFields``.
///
/// Foundation hands a response's fields over as a dictionary: the values of a repeated field joined with ", " and
/// the order of different names lost. What can be taken apart again is: the `Set-Cookie` fields, which are never
/// joined on the wire (a cookie's `Expires` holds a comma), come back one field per cookie. Other repeated fields
/// stay one field with the joined value, which HTTP defines to mean the same for every list-valued field.
enum FoundationHeaders {
    /// The fields of `response`, names in a stable (sorted) order since Foundation keeps none.
    static func fields(of response: HTTPURLResponse) -> HTTPFields {
        var fields = HTTPFields()
        let pairs = response.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let key = key as? String, let value = value as? String else { return nil }
            return (key, value)
        }
        for (key, value) in pairs.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) {
            guard let name = HTTPField.Name(key) else { continue }
            if name == .setCookie {
                for cookie in splitSetCookie(value) { fields.append(HTTPField(name: name, value: cookie)) }
            } else {
                fields.append(HTTPField(name: name, value: value))
            }
        }
        return fields
    }

    /// The cookies of `Set-Cookie` values joined with commas: a comma starts a new cookie only when what follows
    /// it, up to the first `=`, is a cookie name (an RFC 9110 token), so the comma of `Expires=Wed, 21 Oct 2015 …`
    /// stays inside its cookie.
    static func splitSetCookie(_ joined: String) -> [String] {
        var cookies: [String] = []
        var current = Substring()
        var rest = Substring(joined)
        while let comma = rest.firstIndex(of: ",") {
            let after = rest[rest.index(after: comma)...]
            let candidate = after.drop { $0 == " " }
            if let equals = candidate.firstIndex(of: "="), HeaderText.isValidName(String(candidate[..<equals])),
               !candidate[..<equals].contains(";") {
                current += rest[..<comma]
                cookies.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                rest = candidate
            } else {
                current += rest[...comma]
                rest = after
            }
        }
        current += rest
        let last = current.trimmingCharacters(in: .whitespaces)
        if !last.isEmpty { cookies.append(last) }
        return cookies
    }
}
