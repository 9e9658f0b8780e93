// STAND-IN (see Chat.swift): transcribed from `Interfaces/ChatProvidersSDK.swiftinterface`.

/// Why a message (or the visitor info) was not delivered.
public enum DeliveryStatusError: Error, Hashable {
    case fileSendingIsDisabled(messageId: String?)
    case fileSizeTooLarge(messageId: String)
    case unsupportedFileType(messageId: String)
    case networkError(messageId: String)
    case timeout(messageId: String)
    case failed(messageId: String?)

    /// The id of the message not delivered.
    // `if case` rather than `switch`: `.ci/standins.py` reads a line that starts with `case` as an enum case.
    public var messageId: String? {
        if case .fileSendingIsDisabled(let messageId) = self { return messageId }
        if case .failed(let messageId) = self { return messageId }
        if case .fileSizeTooLarge(let messageId) = self { return messageId }
        if case .unsupportedFileType(let messageId) = self { return messageId }
        if case .networkError(let messageId) = self { return messageId }
        if case .timeout(let messageId) = self { return messageId }
        return nil
    }
}
