import Foundation
import FuzzSupport
import IdentityBridge
import IdentityBridgeStandard

/// The secrets the fuzzed configurations can reference (`${FUZZ_SECRET}`, `${FUZZ_SHORT}`, files).
let secrets = [
    "FUZZ_SECRET": "fuzz-config-secret-0123456789abcdefghij",
    "FUZZ_SHORT": "fuzz-short-secret",
    "FUZZ_KEY": "fuzz-account-key-0123456789",
]
let fileSecret = "fuzz-file-secret-0123456789abcdefghijkl"
let environment = ConfigEnvironment(variables: secrets) { path in
    guard path.hasSuffix("secret.txt") else { throw SecretFileError("no such file") }
    return fileSecret
}
let loader = ConfigurationLoader(registry: StandardProviders.registry, environment: environment)

/// The configuration loader with the built-in kinds on arbitrary bytes. Invariants: no crash or
/// hang; at most 201 diagnostics, each of bounded length, none repeating a secret.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    do {
        _ = try loader.load(data: Data(bytes), file: "fuzz.yaml", baseDirectory: "/fuzz")
    } catch {
        require(error.diagnostics.count <= 201, "\(error.diagnostics.count) diagnostics")
        for diagnostic in error.diagnostics {
            require(diagnostic.message.count <= 2_000, "a diagnostic of \(diagnostic.message.count) characters")
            for secret in Array(secrets.values) + [fileSecret] {
                require(!diagnostic.description.contains(secret), "a diagnostic repeats a secret: \(diagnostic)")
            }
        }
    }
    return 0
}

@main
enum FuzzConfigurationMain {
    static func main() { runFuzzer(fuzzConfiguration) }
}
