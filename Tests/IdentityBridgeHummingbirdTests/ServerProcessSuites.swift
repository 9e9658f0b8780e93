import Testing

/// The suites that start `identity-server` processes and wait on them with blocking calls (a socket read,
/// a process's exit, a deadline that is the behaviour under test). They run one at a time, so at most one
/// of the test process's cooperative threads is blocked by them: with several running at once on a 2-core
/// machine, every thread of the pool could be blocked, and the other suites' async tests (the client's,
/// waiting on conditions) would stall for the whole of it (issue 36: three `swift test` runs beside a full
/// build).
@Suite(.serialized) enum ServerProcessSuites {}
