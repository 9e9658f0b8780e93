// SupportProvidersSDK stand-in (see Support.swift): `ZDKProvider`, transcribed from the `// swift:` lines of
// Interfaces/SupportProvidersSDK.h.
public import Foundation

/// The base class of the SDK's providers.
open class ZDKProvider: NSObject {
    public override init() {
        super.init()
    }
}
