import Logging
import Synchronization
import Testing

@testable import IdentityBridgeServer

/// The server command's log handler writes swift-log's default stderr line byte for byte.
@Suite struct ServerLogHandlerTests {
    /// A stream that keeps what `StreamLogHandler` writes.
    final class Capture: TextOutputStream, Sendable {
        let text = Mutex("")
        func write(_ string: String) { text.withLock { $0 += string } }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "the reason" }
    }

    static let events = [
        LogEvent(
            level: .info, message: "request",
            metadata: ["route": "/v1/apps/{app}/providers/{provider}/credentials", "status": "200", "duration_ms": "0.132"],
            source: "IdentityBridgeHummingbird", file: #fileID, function: #function, line: #line),
        LogEvent(level: .notice, message: "draining", metadata: nil, source: nil, file: #fileID, function: #function, line: #line),
        LogEvent(
            level: .error, message: "reload refused", error: Failure(), metadata: ["problem": .array(["a", "b"])], source: "Mod",
            file: #fileID, function: #function, line: #line),
    ]

    @Test(arguments: ["identity-server", ""])
    func linesAreStreamLogHandlers(label: String) {
        for event in Self.events {
            for base: Logger.Metadata in [[:], ["app": "demo", "zz": "last"]] {
                var ours = ServerLogHandler(label: label, metadataProvider: nil)
                ours.metadata = base
                let capture = Capture()
                var theirs = StreamLogHandler(label: label, stream: capture, metadataProvider: nil)
                theirs.metadata = base
                // A second boundary between the two lines changes the timestamp: then the next try matches.
                var line = ""
                for _ in 0..<3 {
                    capture.text.withLock { $0 = "" }
                    theirs.log(event: event)
                    line = ours.line(for: event)
                    if line == capture.text.withLock({ $0 }) { break }
                }
                #expect(line == capture.text.withLock { $0 })
                #expect(line.hasSuffix("\n"))
            }
        }
    }
}
