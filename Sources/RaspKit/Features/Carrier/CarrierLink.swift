import Foundation

/// One openable contact of the carrier screen: the site, the e-mail or the phone, with its label and URL.
public struct CarrierLink: Sendable, Hashable, Identifiable {
    /// What the link is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The carrier's site (`https:`).
        case site
        /// The e-mail address (`mailto:`).
        case email
        /// The phone (`tel:`).
        case phone
    }

    /// What the link is.
    public var kind: Kind
    /// The label, «Сайт», «E-mail» or «Телефон».
    public var title: String
    /// The text as the API gives it.
    public var value: String
    /// What to open.
    public var url: URL

    /// The kind, unique within one carrier.
    public var id: Kind { kind }
}

extension CarrierDetails {
    /// The contacts that can be opened, in the screen's order (site, e-mail, phone); a contact whose text makes
    /// no usable URL is left out.
    /// - Parameter strings: The language of the labels.
    /// - Returns: The links.
    public func links(_ strings: RaspKit.Strings) -> [CarrierLink] {
        let candidates: [(CarrierLink.Kind, StringKey, String?, URL?)] = [
            (.site, .carrierSite, site, siteURL), (.email, .carrierEmail, email, emailURL),
            (.phone, .carrierPhone, phone, phoneURL),
        ]
        return candidates.compactMap { kind, label, value, url in
            guard let value, let url else { return nil }
            return CarrierLink(kind: kind, title: strings[label], value: value, url: url)
        }
    }
}
