// A backend imports `IdentityBridge` alone: the model (protocols, identities, credentials, errors,
// events; Foundation's Date with them) and the signing code (`package` access: base64url, HMAC,
// JWTs, JSON parsing) come with it. The app half imports `IdentityBridgeModel` instead.
@_exported public import IdentityBridgeModel
@_exported public import IdentityBridgeSigning
