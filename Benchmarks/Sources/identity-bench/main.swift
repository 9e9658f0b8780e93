// identity-bench: the adapters' issuing and verifying code against jwt-kit 5 and a bare one-shot HMAC-SHA256.
//
//   swift run --package-path Benchmarks -c release identity-bench            full run (15 rounds per operation, 10 million mints for memory)
//   swift run --package-path Benchmarks -c release identity-bench --quick    CI smoke run (under 20 s)
//   identity-bench --profile chat.mint [COUNT]     one side of one operation COUNT times, for `perf record`
//                                                  (chat.mint, chat.verify, messaging.mint, messaging.verify,
//                                                  support.mint, support.verify, helpshift, jwtkit.mint, jwtkit.verify,
//                                                  hmac, and floor.key/.sign/.decode/.b64/.json for single stages)
import Foundation

do {
    try await Bench.run(arguments: CommandLine.arguments)
} catch let error as BenchUsageError {
    let message = "identity-bench: error: \(error)\nusage: identity-bench [--quick | --profile OPERATION [COUNT]]\n"
    FileHandle.standardError.write(Data(message.utf8))
    exit(2)
}
