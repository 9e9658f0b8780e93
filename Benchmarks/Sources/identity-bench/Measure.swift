#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic wall-clock nanoseconds.
func nanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// CPU nanoseconds consumed by the whole process (all threads). Rates are computed from CPU
/// time, not wall time, so time slices lost to other processes on a shared machine do not count
/// against whichever contender happened to be running; jwt-kit's actor hops are included
/// because every thread of the process is counted.
func cpuNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// The whole text of a small /proc file, or "" where unavailable.
func procText(_ path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Resident set size in KiB (VmRSS in /proc/self/status), or 0 where unavailable.
func residentKiB() -> Int {
    for line in procText("/proc/self/status").split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
}

/// Size in KiB of the malloc heap segment ([heap] in /proc/self/maps): it only grows when the
/// allocator needs more memory, so an allocation leak shows up here.
func heapSegmentKiB() -> Int {
    for line in procText("/proc/self/maps").split(separator: "\n") where line.hasSuffix("[heap]") {
        let range = line.split(separator: " ").first ?? ""
        let bounds = range.split(separator: "-")
        guard bounds.count == 2, let low = Int(bounds[0], radix: 16), let high = Int(bounds[1], radix: 16) else { return 0 }
        return (high - low) / 1024
    }
    return 0
}

/// Pins the process to one CPU (the one it runs on), so every contender, and any thread that
/// jwt-kit's actors hop to, shares a single core. Uses dlsym because glibc's GNU extensions are
/// not in the Swift Glibc module.
func pinToOneCore() -> String {
    #if os(Linux)
    guard let handle = dlopen(nil, RTLD_NOW),
        let getCPU = dlsym(handle, "sched_getcpu"), let setAffinity = dlsym(handle, "sched_setaffinity")
    else { return "not pinned" }
    typealias GetCPU = @convention(c) () -> Int32
    typealias SetAffinity = @convention(c) (Int32, Int, UnsafeRawPointer) -> Int32
    let cpu = Int(unsafeBitCast(getCPU, to: GetCPU.self)())
    guard cpu >= 0, cpu < 1024 else { return "not pinned" }
    var mask = [UInt8](repeating: 0, count: 128)  // cpu_set_t: 1024 bits
    mask[cpu / 8] = UInt8(1) << UInt8(cpu % 8)
    let result = mask.withUnsafeBytes { unsafeBitCast(setAffinity, to: SetAffinity.self)(0, 128, $0.baseAddress!) }
    return result == 0 ? "pinned to CPU \(cpu)" : "not pinned"
    #else
    return "not pinned"
    #endif
}

/// One contender in a comparison: a name and a body that performs `n` operations and returns a
/// checksum (so the work cannot be optimized away).
struct Contender {
    let name: String
    let run: (Int) async throws -> Int

    /// `n` calls of a synchronous `operation`, summing what each returns so the work is not optimized away.
    static func repeating(_ name: String, _ operation: @escaping () throws -> Int) -> Contender {
        Contender(name: name) { n in
            var sum = 0
            for _ in 0..<n { sum &+= try operation() }
            return sum
        }
    }

    /// `n` calls of an asynchronous `operation` (jwt-kit's API is async), summing what each returns.
    static func repeatingAsync(_ name: String, _ operation: @escaping () async throws -> Int) -> Contender {
        Contender(name: name) { n in
            var sum = 0
            for _ in 0..<n { sum &+= try await operation() }
            return sum
        }
    }
}

/// Times `n` operations; returns operations per second.
func rate(_ contender: Contender, iterations n: Int, sink: inout Int) async throws -> Double {
    let start = cpuNanoseconds()
    sink &+= try await contender.run(n)
    let elapsed = cpuNanoseconds() - start
    return Double(n) / (Double(max(elapsed, 1)) / 1e9)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// Median rates of the contenders and, for each contender, the median over rounds of the first
/// contender's rate divided by its rate in the same round (rounds run back to back, so a change
/// in machine load during the run affects both sides of each ratio alike).
struct Comparison {
    var rates: [Double]
    var ratios: [Double]
}

/// Runs the contenders in alternating rounds (ours, jwt-kit, bare HMAC, then reversed, ...), each
/// round sized to about `roundSeconds` of CPU time.
func compare(_ contenders: [Contender], rounds: Int, roundSeconds: Double, sink: inout Int) async throws -> Comparison {
    // Calibrate: estimate each contender's rate from a short warm-up.
    var sizes: [Int] = []
    for contender in contenders {
        var n = 64
        var measured = 0.0
        while true {
            let start = cpuNanoseconds()
            sink &+= try await contender.run(n)
            let elapsed = Double(cpuNanoseconds() - start) / 1e9
            if elapsed > 0.02 || n > 50_000_000 {
                measured = Double(n) / elapsed
                break
            }
            n *= 4
        }
        sizes.append(max(16, Int(measured * roundSeconds)))
    }
    var samples = Array(repeating: [Double](), count: contenders.count)
    for round in 0..<rounds {
        // Alternate the order every round so no contender always runs right after another.
        let order = round % 2 == 0 ? Array(contenders.indices) : contenders.indices.reversed()
        for i in order {
            samples[i].append(try await rate(contenders[i], iterations: sizes[i], sink: &sink))
        }
    }
    let ratios = samples.indices.map { i in median(zip(samples[0], samples[i]).map { $0 / $1 }) }
    return Comparison(rates: samples.map(median), ratios: ratios)
}

func format(_ rate: Double) -> String {
    if rate >= 1_000_000 { return fixed(rate / 1_000_000, 2) + "M/s" }
    if rate >= 1_000 { return fixed(rate / 1_000, 1) + "k/s" }
    return fixed(rate, 0) + "/s"
}

func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if digits == 0, text.hasSuffix(".0") { text.removeLast(2) }
    if let dot = text.firstIndex(of: "."), digits > 0 {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    return text
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
