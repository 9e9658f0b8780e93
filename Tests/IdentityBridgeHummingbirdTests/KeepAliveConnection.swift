import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A kept-alive HTTP/1.1 connection to 127.0.0.1 for the hostile-client tests: sends raw bytes,
/// reads one `Content-Length` response at a time, and tells a closed connection from a timeout.
final class KeepAliveConnection {
    /// One response: status, lower-cased header names, body.
    struct Response {
        let status: Int
        let headers: [String: String]
        let body: String
        var closes: Bool { headers["connection"]?.lowercased() == "close" }
    }

    /// Why no response came.
    enum Failure: Error, Equatable {
        /// The server closed or reset the connection.
        case closed
        /// Nothing within the receive timeout.
        case timeout
        case malformed
    }

    let fd: Int32
    private var buffer = [UInt8]()

    /// Connects (throws `ECONNREFUSED` when nothing listens); reads time out after `timeout` seconds.
    init(port: Int, timeout: Double = 10) throws { fd = try loopbackSocket(port: port, timeout: timeout) }

    deinit { Glibc.close(fd) }

    /// Sends `text`; false when the connection is closed.
    @discardableResult func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Reads one response (its body by `Content-Length`).
    func response() throws(Failure) -> Response {
        var headEnd: Int?
        while true {
            if headEnd == nil, let end = Self.find([13, 10, 13, 10], in: buffer) { headEnd = end }
            if let end = headEnd {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                var lines = head.split(separator: "\r\n")
                let statusLine = lines.removeFirst()
                guard let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { throw .malformed }
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                if buffer.count >= end + 4 + length {
                    let body = String(decoding: buffer[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                    buffer.removeFirst(end + 4 + length)
                    return Response(status: status, headers: headers, body: body)
                }
            }
            var chunk = [UInt8](repeating: 0, count: 16_384)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { throw .closed }
            if count < 0 { throw errno == EAGAIN || errno == EWOULDBLOCK ? .timeout : .closed }
            buffer += chunk[0..<count]
        }
    }

    /// Whether the server has closed the connection (EOF or reset), without waiting.
    var isClosedByPeer: Bool {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Whether the server has sent bytes not read yet (a poll for readability would end at once).
    var hasUnreadData: Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK)) > 0
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if Array(haystack[index..<(index + needle.count)]) == needle { return index }
        }
        return nil
    }
}

/// A TCP socket connected to 127.0.0.1:`port` whose reads time out after `timeout` seconds
/// (throws `ECONNREFUSED` when nothing listens).
func loopbackSocket(port: Int, timeout: Double) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 else {
        Glibc.close(fd)
        throw POSIXError(.ECONNREFUSED)
    }
    return fd
}
