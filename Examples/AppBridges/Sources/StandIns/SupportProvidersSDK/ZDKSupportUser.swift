// SupportProvidersSDK stand-in (see Support.swift): `ZDKSupportUser`, transcribed from the `// swift:` lines of
// Interfaces/SupportProvidersSDK.h.
public import Foundation

/// A Zendesk user (an agent who commented on a request).
open class ZDKSupportUser: NSObject {}
