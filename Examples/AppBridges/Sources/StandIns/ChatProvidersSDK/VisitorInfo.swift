// STAND-IN (see Chat.swift): transcribed from `Interfaces/ChatProvidersSDK.swiftinterface`; in-memory fake.
public import Foundation

/// Name, email and phone number of a visitor.
public final class VisitorInfo: NSObject {
    /// No name, email or phone number.
    public static let initial: VisitorInfo = VisitorInfo(storedName: "", email: "", phoneNumber: "")

    /// The visitor's name, "" when not set.
    public let name: String
    /// The visitor's email, "" when not set.
    public let email: String
    /// The visitor's phone number, "" when not set.
    public let phoneNumber: String

    init(storedName name: String, email: String, phoneNumber: String) {
        self.name = name
        self.email = email
        self.phoneNumber = phoneNumber
        super.init()
    }

    /// Creates visitor info; "" for a value not set.
    public convenience init(name: String = "", email: String = "", phoneNumber: String = "") {
        self.init(storedName: name, email: email, phoneNumber: phoneNumber)
    }
}
