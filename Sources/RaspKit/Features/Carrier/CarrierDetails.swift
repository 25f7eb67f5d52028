import Foundation
import RaspAPI

/// A carrier as the carrier screen shows it, with the URLs of its actions.
public struct CarrierDetails: Sendable, Hashable, Identifiable {
    /// The Yandex carrier code.
    public var id: Int
    /// The name, e.g. «ОАО «РЖД»».
    public var title: String
    /// The logo (protocol-relative URLs fixed to `https:`).
    public var logoURL: URL?
    /// The site as the API wrote it.
    public var site: String?
    /// The site to open (`https:`).
    public var siteURL: URL?
    /// The phone as the API wrote it.
    public var phone: String?
    /// The `tel:` URL for calling.
    public var phoneURL: URL?
    /// The e-mail as the API wrote it.
    public var email: String?
    /// The `mailto:` URL for writing.
    public var emailURL: URL?
    /// The postal address, when known.
    public var address: String?
    /// Free-form contacts with HTML line breaks turned into newlines.
    public var contacts: String?

    /// The details of an API carrier.
    /// - Parameter carrier: A carrier from `/carrier/` (or a search segment).
    public init(_ carrier: Carrier) {
        id = carrier.code
        title = carrier.title
        logoURL = ContactLinks.webURL(carrier.logo) ?? ContactLinks.webURL(carrier.logoSvg)
        site = Self.nonEmpty(carrier.url)
        siteURL = ContactLinks.webURL(carrier.url)
        phone = Self.nonEmpty(carrier.phone)
        phoneURL = ContactLinks.phoneURL(carrier.phone)
        email = Self.nonEmpty(carrier.email)
        emailURL = ContactLinks.emailURL(carrier.email)
        address = Self.nonEmpty(carrier.address)
        contacts = Self.nonEmpty(carrier.contacts).map(Self.plainText)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    private static func plainText(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "\r\n", with: "\n")
        for tag in ["<br>", "<br/>", "<br />", "</br>"] {
            text = text.replacingOccurrences(of: tag, with: "\n", options: .caseInsensitive)
        }
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: "\n")
    }
}
