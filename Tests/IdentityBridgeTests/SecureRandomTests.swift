import Foundation
import Testing

@testable import IdentityBridge

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

    #if os(Linux)
    @Test("on Linux the pool page is mapped wipe-on-fork (VmFlags wf), so a forked child never reuses its bytes")
    func wipeOnFork() throws {
        _ = Self.draw(16)
        let pool = try #require(RandomPool.shared, "MADV_WIPEONFORK is available on this kernel, so the pool exists")
        let address = pool.pageAddress
        // /proc files report size 0: read to the end rather than by the reported size.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        var inPoolMapping = false
        var flags: String?
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if let range = fields.first, range.contains("-"), fields.count >= 5 {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inPoolMapping = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inPoolMapping, line.hasPrefix("VmFlags:") {
                flags = String(line)
                break
            }
        }
        let vmFlags = try #require(flags, "the pool page \(String(address, radix: 16)) appears in /proc/self/smaps")
        #expect(vmFlags.split(separator: " ").contains("wf"), "\(vmFlags)")
    }
    #endif
}
