// HelpshiftX 10.4.1's `HelpshiftDelegate` (`@protocol HelpshiftDelegate <NSObject>` in `HelpshiftDelegate.h`),
// transcribed from `Interfaces/HelpshiftX.h` (checked by `.ci/standins.py`). Both methods are required (the header
// has no `@optional`); a conformer is an `NSObject` subclass.
public import Foundation

/// Delegate protocol to be implemented for receiving Helpshift events: set it on `Helpshift.sharedInstance().delegate`.
public protocol HelpshiftDelegate: NSObjectProtocol {
    /// An event (one of the `HelpshiftEvent…` names) and its data (keyed by the `HelpshiftEventData…` keys), `nil` for
    /// events without data.
    func handleHelpshiftEvent(_ eventName: String, withData data: [AnyHashable: Any]?)
    /// The user authentication failed: call `Helpshift.loginUser(_:)` again with a valid `userAuthToken`.
    func authenticationFailedForUser(with reason: HelpshiftAuthenticationFailureReason)
}
