import IdentityBridgeModel

/// A JWT on its way to `loginUser`, decoded once (without verifying it): the expiry check, the
/// freshness policy and the user it names all read this one decoding.
struct ZendeskMessagingLoginToken {
    /// The JWT as the SDK gets it.
    let text: String
    /// Its claims, read without verifying it; `nil` when it is not a JWT (the SDK then refuses it).
    let claims: UnverifiedJWTClaims?
    /// How close it is to `exp` when it was read.
    let expiry: ZendeskMessagingExpiryCheck

    /// Decodes `text` and checks it against `now` and `margin`.
    init(_ text: String, now: Int64, margin: Int64) {
        self.text = text
        do throws(IdentityError) {
            let claims = try UnverifiedJWTClaims(token: text)
            self.claims = claims
            do throws(IdentityError) {
                expiry = ZendeskMessagingExpiryCheck.evaluate(exp: try claims.optionalInt("exp"), now: now, margin: margin)
            } catch {
                expiry = .unreadable(error)
            }
        } catch {
            claims = nil
            expiry = .unreadable(error)
        }
    }

    /// The `external_id` it names, when it names one.
    var externalId: String? { claims?.claim("external_id")?.stringValue }

    /// When it expires: its `exp` while that is still ahead of `now`, else `nil` (no `exp`, expired, unreadable).
    func expiresAt(now: Int64) -> Date? {
        guard let exp = try? claims?.optionalInt("exp"), exp > now else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(exp))
    }
}
