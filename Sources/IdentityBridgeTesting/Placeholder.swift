// Placeholder: filled by the IdentityBridgeTesting issue.
