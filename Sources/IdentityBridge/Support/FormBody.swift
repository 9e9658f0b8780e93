import Foundation

/// Reading `application/x-www-form-urlencoded` request bodies: one field's single value.
package enum FormBody {
    /// The lowercased media type of a `Content-Type` header value, without its parameters.
    package static func mediaType(_ contentType: String?) -> String? {
        contentType?.split(separator: ";", omittingEmptySubsequences: false).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
    }

    /// `contentType` for a message: at most 64 characters of it, or "no content type".
    package static func describe(contentType: String?) -> String {
        guard let contentType else { return "no content type" }
        return contentType.count > 64 ? "\"\(contentType.prefix(64))...\"" : "\"\(contentType)\""
    }

    /// The single value of `field` in an urlencoded form (`+` is a space, `%XX` escapes decoded).
    /// `token_missing` when absent or empty, `token_malformed` when repeated or badly escaped.
    package static func value(_ field: String, in body: String) throws(IdentityError) -> String {
        var found: [String] = []
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decodeComponent(parts[0]) else {
                throw malformed(field, "A form field name is not valid percent-encoding.")
            }
            guard name == field else { continue }
            guard let value = decodeComponent(parts.count > 1 ? parts[1] : "") else {
                throw malformed(field, "The \(field) value is not valid percent-encoding.")
            }
            found.append(value)
        }
        guard found.count <= 1 else { throw malformed(field, "The form has \(found.count) \(field) fields; send one.") }
        guard let value = found.first, !value.isEmpty else {
            throw IdentityError(
                .tokenMissing, field: field, message: "The form has no \(field) field.",
                recovery: "POST \(field)=<the token the app passed to the vendor SDK>.")
        }
        return value
    }

    private static func decodeComponent(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    private static func malformed(_ field: String, _ message: String) -> IdentityError {
        IdentityError(.tokenMalformed, field: field, message: message, recovery: "Send exactly one \(field) field, percent-encoded.")
    }
}
