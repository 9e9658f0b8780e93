#if TokenService
import IdentityBridgeServer

await IdentityServer.main()
#else
import Foundation

FileHandle.standardError.write(Data("identity-server: built without the package trait TokenService; build with it (the default).\n".utf8))
exit(1)
#endif
