extension SecureRandom {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A random (version 4) UUID in lowercase text, as `UUID().uuidString.lowercased()` writes it,
    /// e.g. `8d3c2f6e-5a4b-4c1d-9e8f-0123456789ab`, from ``fill(_:)`` with no formatting through
    /// `printf` (Zendesk Support's `jti` is minted on every exchange).
    package static func uuidString() -> String {
        var bytes = (UInt64(0), UInt64(0))
        return withUnsafeMutableBytes(of: &bytes) { uuid in
            fill(uuid)
            uuid[6] = (uuid[6] & 0x0F) | 0x40  // version 4
            uuid[8] = (uuid[8] & 0x3F) | 0x80  // RFC 4122 variant
            return hexDigits.withUnsafeBufferPointer { digits in
                String(unsafeUninitializedCapacity: 36) { out in
                    var o = 0
                    for index in 0..<16 {
                        if index == 4 || index == 6 || index == 8 || index == 10 {
                            out[o] = UInt8(ascii: "-")
                            o += 1
                        }
                        out[o] = digits[Int(uuid[index] >> 4)]
                        out[o + 1] = digits[Int(uuid[index] & 0x0F)]
                        o += 2
                    }
                    return o
                }
            }
        }
    }
}
