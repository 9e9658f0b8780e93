import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP/1.1 exchange over a fresh loopback connection: the request's bytes as written, the answer's
/// bytes as read until its `Content-Length` of body is in or the server closes, within 10 seconds.
enum RawHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func exchange(port: Int, _ request: [UInt8]) throws -> [UInt8] {
        // The answer to a HEAD has a Content-Length but no body.
        let headOnly = request.starts(with: Array("HEAD ".utf8))
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to port \(port) failed") }
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }  // the server may close early (a 413 before the whole body): read what it said
            sent += n
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        // Until the server closes, or the answer's head and its Content-Length of body are in (the connection is
        // kept alive: the request sends no `Connection`, so neither server adds one to the answer).
        while !RawAnswer.isComplete(answer, headOnly: headOnly) {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            answer += buffer[..<n]
        }
        guard !answer.isEmpty else { throw Failure(description: "no answer from port \(port)") }
        return answer
    }
}

/// An HTTP answer split into what the contract compares.
struct RawAnswer: Equatable, CustomStringConvertible {
    let statusLine: String
    /// Every header but `Date` (each server stamps its own), `Connection` (hop-by-hop, RFC 9110 §7.6.1: Vapor's
    /// server writes `keep-alive` on every answer, Hummingbird's nothing) and an `X-Request-Id` each server
    /// generated (one the request sent, `contract-...`, is compared), names lowercased (HTTP names are
    /// case-insensitive), sorted.
    let headers: [String]
    let body: [UInt8]

    init(_ bytes: [UInt8]) {
        let split = Self.headEnd(bytes) ?? bytes.count
        let head = String(decoding: bytes[..<split], as: UTF8.self).components(separatedBy: "\r\n")
        statusLine = head.first ?? ""
        headers = head.dropFirst().compactMap { line -> String? in
            guard let colon = line.firstIndex(of: ":") else { return line }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard name != "date", name != "connection", name != "x-request-id" || value.hasPrefix("contract-") else { return nil }
            return name + ":" + value
        }.sorted()
        body = split + 4 <= bytes.count ? Array(bytes[(split + 4)...]) : []
    }

    /// Whether `bytes` hold an answer's head and as many body bytes as its `Content-Length` says (no body: `headOnly`).
    static func isComplete(_ bytes: [UInt8], headOnly: Bool) -> Bool {
        guard let split = headEnd(bytes) else { return false }
        if headOnly { return true }
        let head = String(decoding: bytes[..<split], as: UTF8.self).lowercased().components(separatedBy: "\r\n")
        guard
            let length = head.lazy.compactMap({
                $0.hasPrefix("content-length:") ? Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) : nil
            }).first
        else { return false }
        return bytes.count - (split + 4) >= length
    }

    /// Where the head ends (the index of its blank line's `\r\n\r\n`).
    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
    }

    var description: String { "\(statusLine)\n\(headers.joined(separator: "\n"))\n\n\(String(decoding: body, as: UTF8.self))" }
}
