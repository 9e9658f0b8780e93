import Testing

@testable import identity_bench

@Suite("identity-bench command line")
struct BenchArgumentTests {
    @Test("no arguments, --quick, and --profile with or without a count are the three modes")
    func modes() throws {
        #expect(try Bench.mode([]) == .full)
        #expect(try Bench.mode(["--quick"]) == .quick)
        #expect(try Bench.mode(["--profile", "chat.mint"]) == .profile(.chatMint, count: nil))
        #expect(try Bench.mode(["--profile", "support.verify", "400000"]) == .profile(.supportVerify, count: 400_000))
        for operation in ProfileOperation.allCases {
            #expect(try Bench.mode(["--profile", operation.rawValue]) == .profile(operation, count: nil))
        }
    }

    @Test(
        "anything else is a usage error that says what is wrong",
        arguments: [
            (["--quik"], "unexpected arguments: --quik"),
            (["--quick", "--profile"], "unexpected arguments: --quick --profile"),
            (["--profile"], "--profile takes an operation and an optional count"),
            (["--profile", "chat.mint", "10", "extra"], "--profile takes an operation and an optional count"),
            (["--profile", "chat.mint", "-5"], "the --profile count must be a positive integer, not '-5'"),
            (["--profile", "chat.mint", "0"], "the --profile count must be a positive integer, not '0'"),
            (["--profile", "chat.mint", "many"], "the --profile count must be a positive integer, not 'many'"),
            (
                ["--profile", "chat.mnit"],
                "unknown --profile operation 'chat.mnit'; one of: chat.mint, chat.verify, messaging.mint, messaging.verify, "
                    + "support.mint, support.verify, helpshift, jwtkit.mint, jwtkit.verify, hmac, floor.key, floor.sign, "
                    + "floor.decode, floor.b64, floor.json"
            ),
        ])
    func usageErrors(_ arguments: [String], _ message: String) {
        #expect(throws: BenchUsageError.self) { try Bench.mode(arguments) }
        do {
            _ = try Bench.mode(arguments)
        } catch {
            #expect(error.description == message)
        }
    }
}
