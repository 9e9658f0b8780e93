#if TokenService
import Crypto
import Foundation
import IdentityBridge
import Logging
public import ServiceLifecycle

#if canImport(Glibc)
// `stat`'s fields, as Foundation's CoreFoundation module declares them on Linux.
import CoreFoundation
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reloads a ``TokenService`` when the configuration file or any file it read changes (secret
/// files, secret lists, the JWK Set): a `Service` of the server's group that polls, so it works
/// on every file system and sees what orchestrators do. Kubernetes updates a mounted Secret by
/// swapping its `..data` symbolic link, an editor writes a new file and renames it over the old
/// one: each path is compared by the identity of the file it resolves to (device, inode, size,
/// modification time) and by a hash of its contents, kept in memory only.
///
/// After a change it waits until the files stay unchanged for one `settle` period (a burst of
/// writes settles), then reloads once. A refused reload keeps the old snapshot serving and the
/// files watched, so a later fix is picked up without a restart.
public struct ConfigurationWatcher: Service {
    /// How often to look, and how long the files must stay unchanged before a reload.
    public struct Settings: Sendable, Hashable {
        /// The time between two looks at the files.
        public var interval: Duration
        /// How long a change must rest before the reload.
        public var settle: Duration

        /// Creates settings; `settle` defaults to the interval, at most 500 ms.
        public init(interval: Duration, settle: Duration? = nil) {
            self.interval = interval
            self.settle = settle ?? min(interval, .milliseconds(500))
        }
    }

    /// The service reloaded.
    public let service: TokenService
    /// The polling settings.
    public let settings: Settings

    /// Creates a watcher of `service`'s inputs.
    public init(service: TokenService, settings: Settings) {
        self.service = service
        self.settings = settings
    }

    /// Polls until the group shuts down (a graceful shutdown cancels the wait at once).
    public func run() async throws {
        try? await cancelWhenGracefulShutdown { try await poll() }
    }

    /// Looks every interval; after a change, waits for the files to rest, then reloads once.
    private func poll() async throws {
        var seen = Self.fingerprints(service.watchedFiles)
        while true {
            try await Task.sleep(for: settings.interval)
            var current = Self.fingerprints(service.watchedFiles)
            guard current != seen else { continue }
            // Settle: look again until two looks one settle period apart agree.
            while true {
                try await Task.sleep(for: settings.settle)
                let next = Self.fingerprints(service.watchedFiles)
                if next == current { break }
                current = next
            }
            let changed = current.keys.filter { current[$0] != seen[$0] }.sorted()
            service.logger.notice(
                "configuration input changed: reloading",
                metadata: ["files": "\(changed.count)", "first": "\(changed.first ?? service.configPath)"])
            await service.reload()
            seen = Self.fingerprints(service.watchedFiles)
        }
    }

    /// One fingerprint per path.
    static func fingerprints(_ paths: [String]) -> [String: FileFingerprint] {
        Dictionary(paths.map { ($0, FileFingerprint(path: $0)) }, uniquingKeysWith: { first, _ in first })
    }
}

/// What a path resolves to now: the file's identity and a SHA-256 of its contents (symbolic links
/// followed), or why it cannot be read. Never leaves the watcher.
struct FileFingerprint: Hashable {
    var device: UInt64 = 0
    var inode: UInt64 = 0
    var size: Int64 = 0
    var modified: Int64 = 0
    var contents: SHA256.Digest?
    var error: Int32 = 0

    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            error = errno
            return
        }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        guard let data = try? BoundedFile.read(path: path, limit: ConfigurationLoader.maxFileSize) else {
            error = -1
            return
        }
        contents = SHA256.hash(data: data)
    }
}
#endif
