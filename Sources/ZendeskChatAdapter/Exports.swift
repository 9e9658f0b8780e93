// The backend imports `ZendeskChatAdapter` alone: the app half it builds on (the session provider,
// the SDK port, the vendor's failure reasons, events and limits) comes with it.
@_exported public import ZendeskChatSession
