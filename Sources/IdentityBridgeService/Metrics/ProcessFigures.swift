#if TokenService
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's own figures, read when `/metrics` is scraped: the `process_*` families Prometheus's client
/// libraries export (CPU seconds, resident and virtual memory, open and maximum file descriptors, start time).
/// On Linux from `/proc/self` (each file read up to ``readLimit`` bytes); elsewhere CPU time and the descriptor
/// limit only.
struct ProcessFigures {
    var cpuSeconds: Double?
    var residentBytes: Double?
    var virtualBytes: Double?
    var openFileDescriptors: Double?
    var maxFileDescriptors: Double?
    var startTimeSeconds: Double?

    /// The most of a `/proc` file read.
    static let readLimit = 8192

    /// The figures now.
    static func current() -> ProcessFigures {
        var figures = ProcessFigures()
        var limits = rlimit()
        #if canImport(Glibc)
        let gotLimits = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0
        #else
        let gotLimits = getrlimit(RLIMIT_NOFILE, &limits) == 0
        #endif
        if gotLimits, limits.rlim_cur < rlim_t(Int64.max) {  // not RLIM_INFINITY
            figures.maxFileDescriptors = Double(limits.rlim_cur)
        }
        #if os(Linux)
        figures.readProc()
        #else
        var usage = rusage()
        if getrusage(RUSAGE_SELF, &usage) == 0 {
            figures.cpuSeconds =
                Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
                + Double(usage.ru_stime.tv_usec) / 1e6
        }
        #endif
        return figures
    }

    #if os(Linux)
    /// `/proc/self/stat` (CPU ticks, start ticks, virtual size, resident pages), `/proc/stat`'s `btime`, and
    /// `/proc/self/fd`'s entries.
    private mutating func readProc() {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
        if let stat = Self.read("/proc/self/stat"), let close = stat.lastIndex(of: ")"), ticks > 0 {
            // The fields after the command name's closing parenthesis, starting at field 3 (`state`).
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            func field(_ number: Int) -> Double? { fields.count > number - 3 ? Double(fields[number - 3]) : nil }
            if let user = field(14), let system = field(15) { cpuSeconds = (user + system) / ticks }
            virtualBytes = field(23)
            if let pages = field(24) { residentBytes = pages * pageSize }
            if let started = field(22), let boot = Self.bootTime() { startTimeSeconds = boot + started / ticks }
        }
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            openFileDescriptors = Double(entries.count)
        }
    }

    /// The boot time in seconds since 1970 (`/proc/stat`'s `btime`).
    private static func bootTime() -> Double? {
        guard let stat = read("/proc/stat") else { return nil }
        for line in stat.split(separator: "\n") where line.hasPrefix("btime ") { return Double(line.dropFirst(6)) }
        return nil
    }

    /// The first ``readLimit`` bytes of a `/proc` file as text.
    private static func read(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: readLimit) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
    #endif
}
#endif
