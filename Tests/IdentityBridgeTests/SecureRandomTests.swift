import IdentityBridge
import Testing

@Suite("SecureRandom")
struct SecureRandomTests {
    static func draw(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { SecureRandom.fill($0) }
        return bytes
    }

    @Test("16-byte draws never repeat over several refills of the pool, and no draw is all zeros")
    func distinctDraws() {
        // 2,000 draws of 16 bytes use the 4 KiB pool about eight times over.
        var seen = Set<[UInt8]>()
        for _ in 0..<2_000 {
            let bytes = Self.draw(16)
            #expect(bytes != [UInt8](repeating: 0, count: 16))
            seen.insert(bytes)
        }
        #expect(seen.count == 2_000)
    }

    @Test("every byte value turns up and each bit is set about half the time", arguments: [1, 7, 16, 255, 256, 257, 5_000])
    func distribution(_ size: Int) {
        var bytes: [UInt8] = []
        while bytes.count < 40_000 { bytes += Self.draw(size) }
        #expect(Set(bytes).count == 256)
        for bit in 0..<8 {
            let ones = bytes.filter { $0 & (1 << bit) != 0 }.count
            let share = Double(ones) / Double(bytes.count)
            #expect(share > 0.47 && share < 0.53, "bit \(bit): \(share)")
        }
    }

    @Test("an empty buffer is left alone")
    func empty() {
        #expect(Self.draw(0) == [])
    }
}
