// The core's public API uses Foundation's Date; re-export it so users need one import.
@_exported public import Foundation
// The byte-level helpers (base64url, random bytes, UTF-8 checks, bounded file reads) live in a
// target that is not a product, with `package` access: the adapters, the token service and the
// package's tests reach them through this import; another package sees none of them.
@_exported public import IdentityBridgePrimitives
