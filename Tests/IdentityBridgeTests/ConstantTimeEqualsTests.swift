import IdentityBridge
import Testing

/// `HMACDigest.constantTimeEquals` over contiguous bytes (compared in place) and over collections
/// without contiguous storage (compared element by element): the same verdicts either way.
@Suite struct ConstantTimeEqualsTests {
    static let key = Array("test-api-key-current-0123456789abcdef".utf8)

    /// A byte collection without contiguous storage (a lazy map has none).
    static func scattered(_ bytes: [UInt8]) -> LazyMapCollection<[UInt8], UInt8> { bytes.lazy.map { $0 } }

    @Test func equalBytesAreEqualWhateverTheirCollections() {
        let header = "Bearer test-api-key-current-0123456789abcdef"
        #expect(HMACDigest.constantTimeEquals(Self.key, Self.key))
        #expect(HMACDigest.constantTimeEquals(Self.key, header.utf8.dropFirst(7)))
        #expect(HMACDigest.constantTimeEquals(Self.key, Self.scattered(Self.key)))
        #expect(HMACDigest.constantTimeEquals(Self.scattered(Self.key), Self.scattered(Self.key)))
        #expect(HMACDigest.constantTimeEquals([UInt8](), [UInt8]()))
    }

    @Test(arguments: [0, 17, 36])
    func oneDifferentByteIsUnequal(at index: Int) {
        var other = Self.key
        other[index] ^= 0x01
        #expect(!HMACDigest.constantTimeEquals(Self.key, other))
        #expect(!HMACDigest.constantTimeEquals(Self.key, Self.scattered(other)))
        #expect(!HMACDigest.constantTimeEquals(Self.scattered(Self.key), other))
    }

    @Test func differentLengthsAreUnequal() {
        let prefix = Array(Self.key.dropLast())
        #expect(!HMACDigest.constantTimeEquals(Self.key, prefix))
        #expect(!HMACDigest.constantTimeEquals(prefix, Self.key))
        #expect(!HMACDigest.constantTimeEquals(Self.key, Self.scattered(prefix)))
        #expect(!HMACDigest.constantTimeEquals(Self.key, [UInt8]()))
    }
}
