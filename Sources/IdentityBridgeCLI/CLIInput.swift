#if TokenService
import Foundation
import IdentityBridge
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One line of input as a bounded reader saw it.
package enum InputLine: Hashable, Sendable {
    /// A line of valid UTF-8 text, without its `\n` (or `\r\n`).
    case text(String)
    /// A line over the limit; it was skipped to its end without being kept in memory.
    case tooLong(limit: Int)
    /// A line that is not valid UTF-8 (nothing is replaced with U+FFFD).
    case invalidUTF8
}

/// Standard input read as bytes, never more than a caller's limit held at once: lines for
/// `identityctl events` (`nextLine(limit:)`) and a whole token for `verify -` / `exchange -`
/// (`readAll(limit:)`). Tests build one from bytes or lines.
package final class CLIInput: Sendable {
    private struct State {
        var buffer: [UInt8] = []
        var start = 0
        var ended = false
    }

    /// How many bytes one read asks for.
    static let chunkSize = 65_536

    private let source: @Sendable (Int) -> [UInt8]
    private let state = Mutex(State())

    /// Creates an input over `read`, which returns at most the given number of bytes, and no bytes at the end.
    package init(read: @escaping @Sendable (Int) -> [UInt8]) { self.source = read }

    /// The process's standard input (file descriptor 0), read with `read(2)`.
    package static var standardInput: CLIInput {
        CLIInput { count in
            let data = try? FileHandle.standardInput.read(upToCount: count)
            return data.map { [UInt8]($0) } ?? []
        }
    }

    /// An input that yields `bytes`, a few at a time.
    package static func bytes(_ bytes: [UInt8], chunk: Int = 7) -> CLIInput {
        let remaining = Mutex(bytes[...])
        return CLIInput { count in
            remaining.withLock { rest in
                let taken = rest.prefix(min(count, chunk))
                rest = rest.dropFirst(taken.count)
                return Array(taken)
            }
        }
    }

    /// An input that yields `lines`, each ended by a newline.
    package static func lines(_ lines: [String]) -> CLIInput { bytes(Array(lines.map { $0 + "\n" }.joined().utf8), chunk: 4096) }

    /// Reads more bytes into the buffer; `false` at the end of the input.
    private func fill(_ state: inout State) -> Bool {
        guard !state.ended else { return false }
        if state.start > 0, state.start >= state.buffer.count / 2 {
            state.buffer.removeFirst(state.start)
            state.start = 0
        }
        let bytes = source(Self.chunkSize)
        if bytes.isEmpty {
            state.ended = true
            return false
        }
        state.buffer.append(contentsOf: bytes)
        return true
    }

    /// The next line, or `nil` at the end of the input. A line longer than `limit` bytes is
    /// skipped to its newline (at most `limit` + one read is held) and reported as ``InputLine/tooLong(limit:)``.
    package func nextLine(limit: Int) -> InputLine? {
        state.withLock { state in
            var skipping = false
            var scanned = state.start
            while true {
                if let newline = state.buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                    let line = state.buffer[state.start..<newline]
                    state.start = newline + 1
                    return skipping ? .tooLong(limit: limit) : Self.decode(line, limit: limit)
                }
                if state.buffer.count - state.start > limit {
                    // Too long: drop what is held and keep reading to the newline.
                    skipping = true
                    state.buffer.removeAll(keepingCapacity: true)
                    state.start = 0
                }
                let held = state.buffer.count - state.start  // already searched; fill may move the bytes
                guard fill(&state) else {
                    let rest = state.buffer[state.start...]
                    state.start = state.buffer.count
                    if skipping { return .tooLong(limit: limit) }
                    return rest.isEmpty ? nil : Self.decode(rest, limit: limit)
                }
                scanned = state.start + held
            }
        }
    }

    private static func decode(_ line: ArraySlice<UInt8>, limit: Int) -> InputLine {
        var line = line
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        guard line.count <= limit else { return .tooLong(limit: limit) }
        guard let text = String(validating: line, as: UTF8.self) else { return .invalidUTF8 }
        return .text(text)
    }

    /// Everything left, or `nil` when it is more than `limit` bytes (then at most `limit` + one
    /// read is consumed).
    package func readAll(limit: Int) -> [UInt8]? {
        state.withLock { state in
            while state.buffer.count - state.start <= limit {
                guard fill(&state) else { return Array(state.buffer[state.start...]) }
            }
            return nil
        }
    }
}
#endif
