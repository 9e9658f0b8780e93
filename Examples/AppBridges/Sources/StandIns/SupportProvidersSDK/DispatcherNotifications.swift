// SupportProvidersSDK stand-in (see Support.swift): `DispatcherNotifications`, transcribed from
// Interfaces/SupportProvidersSDK.swiftinterface.

/// The notification names of the SDK's network layer.
public enum DispatcherNotifications {
    /// `"ZDKUnauthorized"`: posted on `NotificationCenter.default` (`object` nil, no userInfo) whenever a request
    /// gets an HTTP 401. Observe it as `Notification.Name(DispatcherNotifications.UnauthorizedNotificationName)`.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let UnauthorizedNotificationName: String = "ZDKUnauthorized"
}
