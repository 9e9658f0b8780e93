import Foundation
import IdentityBridge
import IdentityBridgeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 26 against a real `identity-server` process on loopback: slow and idle connections are
/// closed within their deadlines, SIGTERM under load loses no request, a chunked body over the limit
/// is 413, TRACE is 405, a request without `Host` is 400, and past the connection cap only health
/// probes are answered.
extension ServerProcessSuites {
    @Suite struct ServeHardeningLiveTests {
        static let credentials = ServeLiveTests.credentials
        static let authorization = "Authorization: Bearer \(ServiceFixture.apiKey)\r\n"

        /// A keep-alive POST of the credentials route.
        static func post(_ body: String = ServiceRouteTests.user) -> String {
            "POST \(credentials) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\(authorization)"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        }

        @Test func aSlowlorisHeadAndAnIdleConnectionAreClosedWithinTheirDeadlines() async throws {
            let fixture = try await ServiceFixture()
            defer { fixture.remove() }
            let server = try ServeProcess.listening(config: fixture.configPath, arguments: ["--head-timeout", "1", "--idle-timeout", "2"])
            defer { server.stop() }

            let slow = try KeepAliveConnection(port: server.port)
            let idle = try KeepAliveConnection(port: server.port)
            let start = Date()
            // Half a request line's head, then one header byte every 200 ms, as slowloris does.
            slow.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX: a")
            var slowClosedAfter: Double?
            var idleClosedAfter: Double?
            while Date().timeIntervalSince(start) < 20, slowClosedAfter == nil || idleClosedAfter == nil {
                if slowClosedAfter == nil {
                    if slow.isClosedByPeer || !slow.send("a") { slowClosedAfter = Date().timeIntervalSince(start) }
                }
                if idleClosedAfter == nil, idle.isClosedByPeer { idleClosedAfter = Date().timeIntervalSince(start) }
                // Wait for the server to close either connection (poll(2): the event), or until the slowloris's
                // next byte is due in 200 ms, its pace. Blocking, not on the cooperative pool: with the whole suite
                // running in parallel, a task waiting to be resumed there can miss the deadlines entirely.
                let open = [slowClosedAfter == nil ? slow : nil, idleClosedAfter == nil ? idle : nil].compactMap { $0 }
                var watched = open.filter { !$0.hasUnreadData }.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
                _ = poll(&watched, nfds_t(watched.count), 200)
            }
            let slowAfter = try #require(slowClosedAfter, "the slow head was still open after 20 s")
            // The deadlines are the behaviour under test, so the waits are real; the upper bounds leave room for a
            // machine under full load (the suite in parallel beside another build on 2 cores: 2.6 s was seen once),
            // and without the deadlines neither connection closes within the 20 s.
            #expect(slowAfter >= 0.8 && slowAfter < 10, "closed after \(slowAfter) s, head deadline 1 s")
            let idleAfter = try #require(idleClosedAfter, "the idle connection was still open after 20 s")
            #expect(idleAfter >= 1.8 && idleAfter < 12, "closed after \(idleAfter) s, idle timeout 2 s")

            // A normal client is unaffected: requests on a kept-alive connection are answered.
            let normal = try KeepAliveConnection(port: server.port)
            for _ in 0..<3 {
                normal.send(Self.post())
                #expect(try normal.response().status == 200)
            }
        }

        /// What the load of ``sigtermUnderLoadLosesNoRequest()`` saw, counted at the client.
        struct LoadCount {
            /// 2xx answers.
            var answered = 0
            /// Of those, answers that said `Connection: close`.
            var answeredWithClose = 0
            /// Non-2xx answers.
            var non2xx = 0
            /// Requests written that got no answer (the connection closed or reset, or 10 s passed).
            var lost = 0
            /// New connections refused after the listener closed: nothing was sent, nothing lost.
            var refusedConnections = 0
        }

        @Test func sigtermUnderLoadLosesNoRequest() async throws {
            let fixture = try await ServiceFixture()
            defer { fixture.remove() }
            let server = try ServeProcess.listening(config: fixture.configPath, arguments: ["--log-level", "warning"])
            defer { server.stop() }
            let port = server.port

            // 20 kept-alive connections, each sending its next request as soon as it has an answer
            // (as wrk -c20 does), and reconnecting after `Connection: close`, until connecting is refused.
            let count = LoadTotal()
            let group = DispatchGroup()
            for _ in 0..<20 {
                group.enter()
                Thread {
                    defer { group.leave() }
                    let deadline = Date().addingTimeInterval(20)
                    var local = LoadCount()
                    defer { count.add(local) }
                    while Date() < deadline {
                        guard let connection = try? KeepAliveConnection(port: port) else {
                            local.refusedConnections += 1
                            return
                        }
                        while Date() < deadline {
                            guard connection.send(Self.post()) else {
                                local.lost += 1
                                break
                            }
                            guard let answer = try? connection.response() else {
                                local.lost += 1
                                break
                            }
                            if (200..<300).contains(answer.status) {
                                local.answered += 1
                                count.answeredOne()
                            } else {
                                local.non2xx += 1
                            }
                            if answer.closes {
                                local.answeredWithClose += 1
                                break
                            }
                        }
                    }
                }.start()
            }
            // The load is running once every connection could have been answered a few times: the hundredth answer
            // (or the end of every connection, or 60 s) ends the wait.
            group.notify(queue: .global()) { count.hundredAnswered.fire() }
            _ = await count.hundredAnswered.wait(seconds: 60)
            #expect(count.answeredSoFar >= 100)
            // A balancer's kept-alive connection: /readyz answers 503 as soon as the drain starts.
            let balancer = try KeepAliveConnection(port: port)
            balancer.send("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try balancer.response().status == 200)
            let signalled = Date()
            server.signal(SIGTERM)
            // Asked again until the drain has begun (a 200 keeps the connection open), at most 30 s: a poll of the
            // server's state, which the server announces nowhere else at --log-level warning, each ask paced by its answer.
            var ready: KeepAliveConnection.Response?
            let asking = Date()
            repeat {
                balancer.send("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                ready = try? balancer.response()
            } while ready?.status == 200 && Date().timeIntervalSince(asking) < 30
            #expect(ready?.status == 503, "\(ready?.body ?? "no answer")")
            #expect(ready?.closes == true)

            let status = server.waitForExit(seconds: 30)
            let exitedAfter = Date().timeIntervalSince(signalled)
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    group.wait()
                    continuation.resume()
                }
            }
            let total = count.value
            print(
                "sigterm under load: answered=\(total.answered) answered_with_close=\(total.answeredWithClose) non2xx=\(total.non2xx) "
                    + "lost=\(total.lost) refused_new_connections=\(total.refusedConnections) exit=\(status.map(String.init) ?? "none") "
                    + "exited_after_s=\(String(format: "%.2f", exitedAfter))")
            #expect(status == 0)
            #expect(exitedAfter < 25)
            #expect(total.answered > 100)
            #expect(total.lost == 0, "requests written and never answered")
            #expect(total.non2xx == 0)
            // The drain answered the requests on the wire with Connection: close.
            #expect(total.answeredWithClose > 0)
        }

        /// The sum of the connections' counts.
        final class LoadTotal: @unchecked Sendable {
            private let lock = NSLock()
            private var total = LoadCount()
            private var answered = 0

            var value: LoadCount { lock.withLock { total } }

            /// The 2xx answers so far, counted as they come.
            var answeredSoFar: Int { lock.withLock { answered } }

            /// Fired by the hundredth 2xx answer.
            let hundredAnswered = Occurrence()

            func answeredOne() {
                if lock.withLock({ () -> Int in
                    answered += 1
                    return answered
                }) == 100 {
                    hundredAnswered.fire()
                }
            }

            func add(_ local: LoadCount) {
                lock.withLock {
                    total.answered += local.answered
                    total.answeredWithClose += local.answeredWithClose
                    total.non2xx += local.non2xx
                    total.lost += local.lost
                    total.refusedConnections += local.refusedConnections
                }
            }
        }

        @Test func hostileRequestsGetTheirStatus() async throws {
            let fixture = try await ServiceFixture()
            defer { fixture.remove() }
            let server = try ServeProcess.listening(config: fixture.configPath)
            defer { server.stop() }

            // A chunked body over the 4 KiB limit: 413, as with Content-Length; the connection stays usable.
            let connection = try KeepAliveConnection(port: server.port)
            let chunk = String(repeating: "x", count: 1_000)
            var chunked = "POST \(Self.credentials) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\(Self.authorization)"
            chunked += "Transfer-Encoding: chunked\r\n\r\n"
            for _ in 0..<6 { chunked += "3e8\r\n\(chunk)\r\n" }
            chunked += "0\r\n\r\n"
            connection.send(chunked + Self.post())
            let tooLarge = try connection.response()
            #expect(tooLarge.status == 413, "\(tooLarge.body)")
            let error = try JSONValue.parse(tooLarge.body)["error"]
            #expect(error?["code"] == "limit_exceeded")
            #expect(error?["field"] == "body")
            // The request pipelined after it is answered.
            #expect(try connection.response().status == 200)

            // TRACE on a known path: 405 with Allow.
            let trace = try KeepAliveConnection(port: server.port)
            trace.send("TRACE /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let traced = try trace.response()
            #expect(traced.status == 405)
            #expect(traced.headers["allow"] == "GET")

            // HTTP/1.1 without Host: 400 (RFC 9112 §3.2), and the connection closes; HTTP/1.0 needs none.
            let hostless = try KeepAliveConnection(port: server.port)
            hostless.send("GET /healthz HTTP/1.1\r\n\r\n")
            let refused = try hostless.response()
            #expect(refused.status == 400)
            #expect(try JSONValue.parse(refused.body)["error"]?["field"] == "Host")
            #expect(refused.closes)
            let twoHosts = try KeepAliveConnection(port: server.port)
            twoHosts.send("GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")
            #expect(try twoHosts.response().status == 400)
            let old = try KeepAliveConnection(port: server.port)
            old.send("GET /healthz HTTP/1.0\r\n\r\n")
            #expect(try old.response().status == 200)
            // The two 400s before routing are counted, under a route label of their own.
            #expect(try Self.metric(KeepAliveConnection(port: server.port), #"route="unrouted",status="400""#) == 2)
        }

        /// The value of the `identitybridge_http_requests_total` series whose labels contain `labels`, from `/metrics`.
        static func metric(_ connection: KeepAliveConnection, _ labels: String) throws -> Double? {
            connection.send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let line = try connection.response().body.split(separator: "\n").first {
                $0.hasPrefix("identitybridge_http_requests_total{") && $0.contains(labels)
            }
            return line.flatMap { $0.split(separator: " ").last.flatMap { Double($0) } }
        }

        @Test func pastTheConnectionCapOnlyHealthProbesAreAnswered() async throws {
            let fixture = try await ServiceFixture()
            defer { fixture.remove() }
            let server = try ServeProcess.listening(config: fixture.configPath, arguments: ["--max-connections", "2"])
            defer { server.stop() }
            let held = [try KeepAliveConnection(port: server.port), try KeepAliveConnection(port: server.port)]
            held[0].send(Self.post())
            #expect(try held[0].response().status == 200)
            // Both held connections are open at the server once each has been answered.
            held[1].send(Self.post())
            #expect(try held[1].response().status == 200)

            let probe = try KeepAliveConnection(port: server.port)
            probe.send("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let ready = try probe.response()
            #expect(ready.status == 200)
            #expect(ready.closes)
            let other = try KeepAliveConnection(port: server.port)
            other.send(Self.post())
            let refused = try other.response()
            #expect(refused.status == 503)
            #expect(try JSONValue.parse(refused.body)["error"]?["code"] == "limit_exceeded")
            #expect(refused.closes)
            // The connections within the cap keep being served.
            held[1].send(Self.post())
            #expect(try held[1].response().status == 200)
            // The 503 before routing is counted (asked on a connection within the cap: a new one would get 503 too).
            #expect(try Self.metric(held[1], #"route="unrouted",status="503""#) == 1)
        }
    }
}
