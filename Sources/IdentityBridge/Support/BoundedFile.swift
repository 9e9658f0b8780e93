import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why ``BoundedFile/read(path:limit:)`` refused a file; its description is one short clause
/// ("it is a directory") that a caller puts after the file's name.
package enum BoundedFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path (or a symbolic link points nowhere).
    case notFound
    /// The path is a directory.
    case directory
    /// The path is a FIFO, socket or device: opening or reading it could block or never end.
    case notRegularFile
    /// The file exists but cannot be opened or read (permissions, I/O error).
    case unreadable
    /// The opened file is larger than the limit; `size` is what `fstat` reported (or `limit + 1`
    /// when the file grew while it was read).
    case tooLarge(size: Int64, limit: Int)

    /// The reason, e.g. "it is a directory".
    package var description: String {
        switch self {
        case .notFound: "no such file"
        case .directory: "it is a directory"
        case .notRegularFile: "it is not a regular file"
        case .unreadable: "permission denied or not a readable file"
        case .tooLarge(let size, let limit): "it is \(size) bytes; the limit is \(limit) bytes"
        }
    }
}

/// Reads a whole file without trusting its path: the checks apply to the file actually opened
/// (symbolic links followed, as mounted configurations and secrets use them), and at most
/// `limit + 1` bytes are ever read, so a link to a huge or sparse file, a device or a FIFO is
/// refused at once instead of being read first.
///
/// ```swift
/// let data = try BoundedFile.read(path: "config.yaml", limit: ConfigurationLoader.maxFileSize)
/// ```
package enum BoundedFile {
    /// The file's bytes; throws when it is not a regular file or holds more than `limit` bytes.
    package static func read(path: String, limit: Int) throws(BoundedFileError) -> Data {
        // O_NONBLOCK: opening a FIFO without a writer must not block; the type is checked next.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .notFound
            case EISDIR: throw .directory
            default: throw .unreadable
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .directory
        default: throw .notRegularFile
        }
        let size = Int64(status.st_size)
        guard size <= Int64(limit) else { throw .tooLarge(size: size, limit: limit) }
        // The size may change after fstat: read at most limit + 1 bytes and decide on what was read.
        var buffer = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < buffer.count {
            // A pointer because read(2) writes into the buffer: the one pointer of the configuration module.
            let read = buffer.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress! + count, raw.count - count)
            }
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                throw .unreadable
            }
            count += read
        }
        guard count <= limit else { throw .tooLarge(size: Int64(count), limit: limit) }
        return Data(buffer[..<count])
    }
}

/// `read(2)` on every platform, for the package's bounded readers (files here, standard input in
/// `identityctl`): at most `count` bytes into `buffer`; 0 at the end, -1 on error (`errno` set).
package func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
