import IdentityBridgeServer

await IdentityServer.main()
