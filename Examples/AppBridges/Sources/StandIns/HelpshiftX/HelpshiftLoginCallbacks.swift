// The callbacks of `Helpshift.login(withIdentity:config:success:failure:)`: HelpshiftX 10.4.1's
// `HelpshiftLoginSuccessCallback` and `HelpshiftLoginFailureCallback` block typedefs (`Helpshift.h`), transcribed
// from `Interfaces/HelpshiftX.h` (checked by `.ci/standins.py`). Plain closures: the header has no Sendable annotation.

/// Callback invoked on login success when the `login(withIdentity:config:success:failure:)` method is used.
public typealias HelpshiftLoginSuccessCallback = () -> Void

/// Callback invoked on login failure when the `login(withIdentity:config:success:failure:)` method is used:
/// the reason (one of the `HelpshiftUserLoginFailureReason.h` values, e.g. `HelpshiftIatIsMandatory`) and an
/// optional dictionary of extra details.
public typealias HelpshiftLoginFailureCallback = (String, [String: String]?) -> Void
