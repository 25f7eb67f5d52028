import Foundation

/// Builds the URLs behind the carrier screen's actions from the API's free-form contact strings.
public enum ContactLinks {
    /// A `tel:` URL: keeps digits and a leading `+`, drops spaces, brackets, dashes and extension text.
    /// `8 (800) 555-35-35` → `tel:88005553535`; `+7 495 223-55-55` → `tel:+74952235555`.
    /// - Parameter phone: The API's phone text.
    /// - Returns: The URL, or nil when there are fewer than 3 digits.
    public static func phoneURL(_ phone: String?) -> URL? {
        guard let phone = phone?.trimmingCharacters(in: .whitespacesAndNewlines), !phone.isEmpty else { return nil }
        // Only the first number when several are listed ("…; …" or "…, …").
        let first = phone.split(whereSeparator: { $0 == ";" || $0 == "," || $0 == "\n" }).first.map(String.init)
            ?? phone
        let digits = first.filter { $0.isASCII && $0.isNumber }
        guard digits.count >= 3 else { return nil }
        let plus = first.trimmingCharacters(in: .whitespaces).hasPrefix("+") ? "+" : ""
        return URL(string: "tel:\(plus)\(digits)")
    }

    /// A `mailto:` URL for an address that looks like one (`local@domain.tld`).
    /// - Parameter email: The API's e-mail text.
    /// - Returns: The URL, or nil.
    public static func emailURL(_ email: String?) -> URL? {
        guard let email = email?.trimmingCharacters(in: .whitespacesAndNewlines), !email.isEmpty,
              !email.contains(where: { $0.isWhitespace || $0 == "/" || $0 == ":" })
        else { return nil }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
              !parts[1].hasSuffix(".")
        else { return nil }
        return URL(string: "mailto:\(email)")
    }

    /// A web URL: protocol-relative `//host/path` and bare `host/path` become `https:`; `http(s)://` is kept.
    /// - Parameter text: The API's URL text (site, logo).
    /// - Returns: The URL, or nil for empty or unusable text.
    public static func webURL(_ text: String?) -> URL? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty,
              !text.contains(where: \.isWhitespace)
        else { return nil }
        let lowered = text.lowercased()
        let absolute: String
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
            absolute = text
        } else if text.hasPrefix("//") {
            absolute = "https:" + text
        } else if !text.contains("://"), text.contains(".") {
            absolute = "https://" + text
        } else {
            return nil
        }
        guard let url = URL(string: absolute), let host = url.host, !host.isEmpty else { return nil }
        return url
    }
}
