// The system OpenSSL libcrypto's SHA-256 (Debian: libssl-dev), used on Linux by
// IdentityBridge's HMAC-SHA256 hot path: a SHA256_CTX lives on the caller's stack, so a
// precomputed HMAC pad state is copied and finished without any heap allocation.
// SHA256_Init/Update/Final are deprecated in OpenSSL 3 in favour of EVP, which allocates a
// context per call; the low-level functions remain part of the OpenSSL 3 API.
#ifndef IDENTITYBRIDGE_CLIBCRYPTO_H
#define IDENTITYBRIDGE_CLIBCRYPTO_H
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/sha.h>
#endif
