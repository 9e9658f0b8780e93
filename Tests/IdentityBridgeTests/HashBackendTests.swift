import Foundation
import IdentityBridge
import Testing

@Suite("SystemLibcrypto trait")
struct HashBackendTests {
    /// `.ci/run` sets IDENTITYBRIDGE_EXPECT_HASH_BACKEND for the default build (`libcrypto`) and for
    /// the `--traits TokenService` build (`swift-crypto`), so a trait that stops switching fails here.
    @Test("the HMAC hash backend is the one the build's traits select")
    func backend() {
        #expect(["libcrypto", "swift-crypto"].contains(HMACDigest.hashBackend))
        if let expected = ProcessInfo.processInfo.environment["IDENTITYBRIDGE_EXPECT_HASH_BACKEND"] {
            #expect(HMACDigest.hashBackend == expected)
        }
        #if !os(Linux)
        #expect(HMACDigest.hashBackend == "swift-crypto")
        #endif
    }
}
