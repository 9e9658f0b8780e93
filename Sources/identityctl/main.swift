import ArgumentParser
import IdentityBridgeCLI

await IdentityCTL.main()
