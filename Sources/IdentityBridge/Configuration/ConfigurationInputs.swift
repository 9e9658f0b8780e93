internal import Crypto
import Foundation

/// The files a configuration load read: the configuration file, secret files (single and lists)
/// and key files such as a JWK Set, as resolved paths in reading order, and one digest over all
/// their contents. A watcher polls ``files`` to reload when any changes; a service reports
/// ``digest`` to show which inputs it serves.
///
/// The digest is a SHA-256 over every input (whether it was read, its length and its contents, in
/// reading order, after a domain label), shortened to 16 hexadecimal digits: instances that read
/// equal contents report equal digests wherever the files are mounted; any change gives another. It always covers the configuration text
/// too, so it is never the hash of one secret; only the digest is kept, never a per-file hash.
public struct ConfigurationInputs: Hashable, Sendable {
    /// The files read or tried (a missing file too, so that its creation is noticed), without repeats.
    public private(set) var files: [String] = []
    private var hasher = InputHasher()

    /// Creates an empty record.
    public init() {}

    /// The digest of everything read so far.
    public var digest: String { hasher.digest }

    /// Records a read of `path` (`nil` contents: the read failed; `path` nil: text without a file).
    mutating func note(path: String?, contents: String?) {
        if let path, !files.contains(path) { files.append(path) }
        hasher.update(contents: contents)
    }
}

/// The running SHA-256 behind ``ConfigurationInputs/digest``.
private struct InputHasher: Hashable, Sendable {
    private var sha = SHA256()

    init() { sha.update(data: Data("identitybridge-configuration-inputs-v1".utf8)) }

    mutating func update(contents: String?) {
        let bytes = Array((contents ?? "").utf8)
        var header: [UInt8] = [contents == nil ? 0 : 1]
        let length = UInt64(bytes.count)
        header += (0..<8).map { UInt8(truncatingIfNeeded: length >> (56 - 8 * $0)) }  // big-endian
        sha.update(data: header)
        sha.update(data: bytes)
    }

    var digest: String {
        sha.finalize().prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    static func == (lhs: InputHasher, rhs: InputHasher) -> Bool { lhs.digest == rhs.digest }
    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}
