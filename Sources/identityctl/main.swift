#if TokenService
import IdentityBridgeCLI

await IdentityCTL.main()
#else
import Foundation

FileHandle.standardError.write(Data("identityctl: built without the package trait TokenService; build with it (the default).\n".utf8))
exit(1)
#endif
