// An app imports `IdentityBridgeClient` alone: the model it speaks (`UserIdentity`, `Credential`,
// `IdentityError`, `ProviderReference`, ...) comes with it, and nothing of the backend half does.
@_exported public import IdentityBridgeModel
