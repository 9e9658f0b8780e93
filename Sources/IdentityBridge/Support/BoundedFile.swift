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
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        var data = Data()
        while data.count <= limit {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: limit + 1 - data.count) } catch { throw .unreadable }
            guard let chunk, !chunk.isEmpty else { break }
            data.append(chunk)
        }
        guard data.count <= limit else { throw .tooLarge(size: Int64(data.count), limit: limit) }
        return data
    }
}
