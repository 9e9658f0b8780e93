import IdentityBridge
import Synchronization
import Testing

@Suite("SessionOperationQueue: the \"waits its turn\" half of the sessions' concurrency rule")
struct SessionOperationQueueTests {
    /// An actor that hands its calls to a queue, as a provider does.
    actor Recorder {
        var operations = SessionOperationQueue()
        let log = Mutex<[String]>([])

        /// Appends `start name`, waits for `gate` (when given), appends `end name`.
        func run(_ name: String, gate: AsyncStream<Void>? = nil) async -> String {
            await operations.enqueue {
                self.log.withLock { $0.append("start \(name)") }
                if let gate { for await _ in gate { break } }
                self.log.withLock { $0.append("end \(name)") }
                return name
            }.value
        }

        func entries() -> [String] { log.withLock { $0 } }
    }

    @Test("a call made while another runs starts only when it has finished, and calls run in call order")
    func callOrder() async throws {
        let recorder = Recorder()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let first = Task { await recorder.run("first", gate: gate) }
        while await recorder.entries().isEmpty { await Task.yield() }
        let second = Task { await recorder.run("second") }
        // Give the second call every chance to start early: it must not.
        for _ in 0..<100 { await Task.yield() }
        #expect(await recorder.entries() == ["start first"])
        open.yield()
        #expect(await first.value == "first")
        #expect(await second.value == "second")
        #expect(await recorder.entries() == ["start first", "end first", "start second", "end second"])
    }
}
