// The signing code reads and writes the model's types (`JSONValue`, `Credential`, `IdentityError`).
@_exported public import IdentityBridgeModel
