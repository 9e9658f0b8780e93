#if TokenService
import Foundation
import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TokenService {
    /// The service could not listen on its address (thrown by ``run(host:port:metricsListener:telemetry:onListening:)`` before
    /// it accepted a request): the address, why, and what to do, instead of the socket call's text.
    package struct ListenError: Error, Sendable, CustomStringConvertible {
        /// The host the service tried to listen on.
        package let host: String
        /// The port it tried (0: any free port).
        package let port: Int
        /// Whether another process already listens on the address (`EADDRINUSE`).
        package let addressInUse: Bool
        /// The system's reason (`Address already in use`, `Permission denied`, ...).
        package let reason: String

        /// Creates an error from what the server threw while binding.
        init(host: String, port: Int, underlying error: any Error) {
            self.host = host
            self.port = port
            let errno = (error as? IOError)?.errnoCode
            addressInUse = errno == EADDRINUSE
            reason = errno.map { String(cString: strerror($0)) } ?? "\(error)"
        }

        /// `host:port`, with brackets around an IPv6 address.
        package var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

        /// `cannot listen on HOST:PORT: REASON.`, then a hint.
        package var description: String {
            let hint =
                addressInUse
                ? "Another process listens there: stop it (find it with 'ss -ltnp | grep :\(port)') or choose another port with --port (0 picks a free one)."
                : "Check that the host is an address of this machine and that the port may be used (ports below 1024 need privileges), or choose another with --port."
            return "cannot listen on \(address): \(reason). \(hint)"
        }
    }
}
#endif
