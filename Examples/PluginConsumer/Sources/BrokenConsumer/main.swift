import IdentityBridge

// Never built: the identity.yaml next to this file is broken, so the plugin fails the build.
print(IdentityConfig.Apps.demo.zendeskChat)
