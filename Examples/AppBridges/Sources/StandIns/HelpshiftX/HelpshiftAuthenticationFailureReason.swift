// HelpshiftX 10.4.1's `HelpshiftAuthenticationFailureReason` (`HelpshiftDelegate.h`, an `NS_ENUM` of `NSUInteger`),
// transcribed from `Interfaces/HelpshiftX.h` (checked by `.ci/standins.py`). Swift imports an NS_ENUM as Sendable.

/// Why identity verification of a `Helpshift.loginUser(_:)` user failed, as
/// `HelpshiftDelegate.authenticationFailedForUser(with:)` reports it.
public enum HelpshiftAuthenticationFailureReason: UInt, Sendable {
    /// Authentication failed as the auth token was not provided.
    case authTokenNotProvided = 0
    /// Authentication failed as invalid auth token was provided.
    case invalidAuthToken = 1
}
