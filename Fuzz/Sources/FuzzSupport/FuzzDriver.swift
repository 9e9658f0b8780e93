#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// swift-format-ignore: AlwaysUseLowerCamelCase
/// libFuzzer's entry point for a program with its own `main` (`-sanitize=fuzzer` links libFuzzer).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments (`-max_total_time=30`, corpus folders, ...) and
/// `test` as `LLVMFuzzerTestOneInput`, then exits with libFuzzer's status.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}

/// The input's bytes.
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// An invariant: when it does not hold, says which and aborts, so libFuzzer records the input as a crash.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard condition() else {
        let line = Array("invariant broken: \(message())\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        abort()
    }
}
