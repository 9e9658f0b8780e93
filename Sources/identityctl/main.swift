import IdentityBridgeCLI

await IdentityCTL.main()
