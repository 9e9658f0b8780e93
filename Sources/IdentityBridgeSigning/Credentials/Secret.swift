/// A secret value (HMAC key, JWT signing secret, account key) that never prints itself.
///
/// `description`, `debugDescription`, `dump` and string interpolation all show `<redacted>`.
/// Read the value only where it is used, through ``withUnsafeBytes(_:)`` or `revealed`.
public struct Secret: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private let storage: [UInt8]

    /// Creates a secret from its UTF-8 text (vendors use secrets as raw UTF-8 bytes).
    public init(_ text: String) { storage = Array(text.utf8) }

    /// Creates a secret from raw bytes.
    public init(bytes: [UInt8]) { storage = bytes }

    /// The raw bytes of the secret. Named so that a reader of the call site sees the exposure.
    public var revealedBytes: [UInt8] { storage }

    /// The secret as UTF-8 text (lossy for non-UTF-8 bytes).
    package var revealed: String { String(decoding: storage, as: UTF8.self) }

    /// Whether the secret has no bytes.
    public var isEmpty: Bool { storage.isEmpty }

    /// Calls `body` with the secret's bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes(body)
    }

    /// Always `<redacted>`.
    public var description: String { "<redacted>" }
    /// Always `<redacted>`.
    public var debugDescription: String { "<redacted>" }
    /// A mirror with no children, so `dump` shows nothing of the value.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
