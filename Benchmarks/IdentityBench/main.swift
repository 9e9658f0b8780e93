// identity-bench: the adapters' issuing and verifying code against jwt-kit 5 and a bare one-shot HMAC-SHA256.
//
//   swift run -c release identity-bench            full run (15 rounds per operation, 10 million mints for memory)
//   swift run -c release identity-bench --quick    CI smoke run (under 20 s)
//   identity-bench --profile chat.mint             only our side of one operation, for `perf record`
//                                                  (chat.mint, chat.verify, messaging.mint, messaging.verify,
//                                                  support.mint, support.verify, jwtkit.mint, jwtkit.verify, hmac, helpshift)
try await Bench.run(arguments: CommandLine.arguments)
