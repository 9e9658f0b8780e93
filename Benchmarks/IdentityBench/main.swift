// identity-bench: `swift run -c release identity-bench [--quick]`.
try await Bench.run(arguments: CommandLine.arguments)
