import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Cryptographically secure random bytes, cheap enough to draw on every request (a JWT `jti`).
///
/// On Linux, small requests are served from a 4 KiB pool refilled from `/dev/urandom` (the
/// kernel CSPRNG), under a lock. One `getrandom` system call costs about as much as signing a
/// JWT, so drawing 16 bytes per token straight from the kernel would double the cost of a
/// Support JWT; the pool pays the kernel about 2 ns per byte instead. Bytes are handed out once
/// and zeroed in the pool as they go. The pool page is mapped with `MADV_WIPEONFORK`, so a
/// forked child starts with an empty pool and never repeats its parent's bytes. Where the pool
/// cannot be set up (no `MADV_WIPEONFORK`, no `/dev/urandom`) and on other systems, bytes come
/// from `SystemRandomNumberGenerator` directly.
package enum SecureRandom {
    /// Fills `buffer` with random bytes.
    package static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        if RandomPool.shared?.fill(buffer) == true { return }
        #endif
        fillFromSystem(buffer)
    }

    /// Fills `buffer` from `SystemRandomNumberGenerator`, eight bytes per call.
    static func fillFromSystem(_ buffer: UnsafeMutableRawBufferPointer) {
        var generator = SystemRandomNumberGenerator()
        var offset = 0
        while offset < buffer.count {
            var word: UInt64 = generator.next()
            let n = min(8, buffer.count - offset)
            withUnsafeBytes(of: &word) { bytes in
                for i in 0..<n { buffer[offset + i] = bytes[i] }
            }
            offset += n
        }
    }
}

#if os(Linux)
/// The Linux pool behind ``SecureRandom``: one anonymous page, wiped on fork.
///
/// Page layout: the first 8 bytes count the random bytes still available (zero in a fresh or
/// forked page), the random bytes follow from offset 64. Bytes are taken from the front of what
/// remains and zeroed as they are taken.
package final class RandomPool: @unchecked Sendable {
    /// The process-wide pool, or `nil` where the kernel cannot wipe a page on fork.
    package static let shared: RandomPool? = RandomPool()

    static let pageSize = 4096
    static let dataOffset = 64
    static let dataCount = pageSize - dataOffset
    /// Larger requests go to the system directly.
    static let maxRequest = 256

    private let lock = Mutex(())
    /// The pool page; read and written only under `lock`.
    private let page: UnsafeMutableRawPointer

    /// The page's address, for the test that reads its flags in /proc/self/smaps.
    package var pageAddress: UInt { UInt(bitPattern: page) }

    private init?() {
        guard let mapped = mmap(nil, Self.pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        else { return nil }
        guard madvise(mapped, Self.pageSize, MADV_WIPEONFORK) == 0 else {
            munmap(mapped, Self.pageSize)
            return nil
        }
        page = mapped
    }

    /// Fills `buffer` from the pool; `false` when it cannot (request too large, no `/dev/urandom`).
    func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
        let count = buffer.count
        guard count <= Self.maxRequest else { return false }
        guard count > 0, let out = buffer.baseAddress else { return true }
        return lock.withLock { _ in
            var available = page.load(as: Int.self)
            if available < count {
                guard Self.readKernelRandom(into: page + Self.dataOffset, count: Self.dataCount) else { return false }
                available = Self.dataCount
            }
            let start = page + Self.dataOffset + (Self.dataCount - available)
            out.copyMemory(from: start, byteCount: count)
            start.initializeMemory(as: UInt8.self, repeating: 0, count: count)
            page.storeBytes(of: available - count, as: Int.self)
            return true
        }
    }

    /// Reads exactly `count` bytes from `/dev/urandom`.
    private static func readKernelRandom(into destination: UnsafeMutableRawPointer, count: Int) -> Bool {
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var filled = 0
        while filled < count {
            let n = read(fd, destination + filled, count - filled)
            if n > 0 {
                filled += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
}
#endif
