import Foundation
import IdentityBridge
import IdentityBridgeCLI
import Synchronization
import Testing

/// Issue 15 B6 and B8: `events` reads bounded lines and refuses invalid UTF-8 per line; `verify` and
/// `exchange` take the token from standard input (`-`) or `--token-file`, bounded.
@Suite("identityctl bounded input")
struct BoundedInputCLITests {
    // MARK: the line reader

    @Test("CLIInput: lines split on \\n (and \\r\\n) across reads; a long line is skipped to its end; invalid UTF-8 is its own verdict")
    func lineReader() {
        let bytes =
            Array("ab\r\ncd\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 50) + [0x0A, 0x61, 0xFF, 0x0A] + Array("é\nlast".utf8)
        let input = CLIInput.bytes(bytes, chunk: 3)
        var lines: [InputLine] = []
        while let line = input.nextLine(limit: 10) { lines.append(line) }
        #expect(lines == [.text("ab"), .text("cd"), .tooLong(limit: 10), .invalidUTF8, .text("é"), .text("last")])
        #expect(CLIInput.bytes(Array("0123456789".utf8)).readAll(limit: 10) == Array("0123456789".utf8))
        #expect(CLIInput.bytes(Array("0123456789A".utf8)).readAll(limit: 10) == nil)
    }

    @Test("CLIInput: an 8 MiB line without a newline is skipped to the end and reported once as too long")
    func endlessLine() {
        let served = Mutex(0)
        let input = CLIInput { count in
            served.withLock { total in
                guard total < 8 << 20 else { return [] }
                total += count
                return [UInt8](repeating: UInt8(ascii: "a"), count: count)
            }
        }
        #expect(input.nextLine(limit: 1_048_576) == .tooLong(limit: 1_048_576))
        #expect(input.nextLine(limit: 1_048_576) == nil)
    }

    // MARK: events

    @Test("events: a line over 1 MiB and a line of invalid UTF-8 are errors for that line; the next lines are mapped")
    func eventsBoundedLines() async {
        let good = Array(#"{"name": "loggedIn", "data": {"id": "u-1"}}"#.utf8) + [0x0A]
        let long =
            Array(#"{"name": "x", "data": {"v": ""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 1_100_000) + Array(#""}}"#.utf8) + [
                0x0A
            ]
        let invalid = Array(#"{"name": "loggedIn", "data": {"v": ""#.utf8) + [0xC3, 0x28] + Array(#""}}"#.utf8) + [0x0A]
        let run = await identityctl(["events", "--provider", "echo"], stdin: .bytes(good + long + invalid + good, chunk: 65_536))
        #expect(run.status == 1)
        let json = run.json
        #expect(json.count == 4)
        #expect(json[1]["line"] == 2)
        #expect(json[1]["error"]?["code"] == "limit_exceeded")
        #expect(json[1]["error"]?["message"] == "Line 2 is longer than 1048576 bytes, the limit for one event.")
        #expect(json[2]["line"] == 3)
        #expect(json[2]["error"]?["code"] == "invalid_value_type")
        #expect(json[2]["error"]?["message"] == "Line 3 is not valid UTF-8 text.")
        #expect(json[0]["error"] == nil)
        #expect(json[3]["error"] == nil)
        #expect(!run.allText.contains("\u{FFFD}"))
    }

    // MARK: verify and exchange

    /// An echo configuration and a token issued at 1000.
    static func issued() async throws -> (path: String, jwt: String) {
        let path = try echoConfiguration()
        let issued = await identityctl([
            "token", "--config", path, "--app", "web", "--provider", "echo", "--user-id", "u-1", "--now", "1000",
        ])
        return (path, try #require(issued.object?["credential"]?["jwt"]?.stringValue))
    }

    @Test("verify and exchange read the token from standard input ('-') and from --token-file")
    func tokenFromStdinAndFile() async throws {
        let (path, jwt) = try await Self.issued()
        let tokenFile = try temporaryFile(jwt + "\n", name: "token.txt")
        for command in ["verify", "exchange"] {
            let base = [command, "--config", path, "--app", "web", "--provider", "echo", "--now", "1001"]
            let stdin = await identityctl(base + ["-"], stdin: .bytes(Array((jwt + "\n").utf8)))
            #expect(stdin.status == 0, "\(stdin.allText)")
            let file = await identityctl(base + ["--token-file", tokenFile])
            #expect(file.status == 0, "\(file.allText)")
            #expect(file.stdout == stdin.stdout)
            let both = await identityctl(base + ["--token-file", tokenFile, jwt])
            #expect(both.status == 2)
            let neither = await identityctl(base)
            #expect(neither.status == 2)
            #expect(neither.stderr.joined().contains("'-' to read it from standard input"))
        }
    }

    @Test("a 1 MB token through standard input or a file is refused at once with limit_exceeded")
    func hugeToken() async throws {
        let (path, _) = try await Self.issued()
        let huge = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        let hugeFile = try temporaryFile(String(decoding: huge, as: UTF8.self), name: "huge.txt")
        for command in ["verify", "exchange"] {
            let base = [command, "--config", path, "--app", "web", "--provider", "echo", "--now", "1001"]
            let start = ContinuousClock.now
            let stdin = await identityctl(base + ["-"], stdin: .bytes(huge, chunk: 65_536))
            let file = await identityctl(base + ["--token-file", hugeFile])
            #expect(ContinuousClock.now - start < .milliseconds(500))
            for run in [stdin, file] {
                #expect(run.status == 1)
                #expect(run.object?["error"]?["code"] == "limit_exceeded")
                #expect(run.object?["error"]?["field"] == "token")
                #expect(run.allText.count < 2_000)
            }
            let empty = await identityctl(base + ["-"], stdin: .bytes([]))
            #expect(empty.object?["error"]?["code"] == "token_missing")
            let binary = await identityctl(base + ["-"], stdin: .bytes([0x61, 0xFF]))
            #expect(binary.object?["error"]?["code"] == "token_malformed")
        }
    }

    @Test("verify and exchange --help say to prefer standard input")
    func helpPrefersStdin() async {
        for command in ["verify", "exchange"] {
            let run = await identityctl([command, "--help"])
            #expect(run.allText.contains("Prefer '-' (the"))
            #expect(run.allText.contains("--token-file"))
        }
    }
}
