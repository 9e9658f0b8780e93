// The backend imports `ZendeskMessagingAdapter` alone: the app half it builds on (the session provider,
// the SDK port, the expiry check, the vendor codes, events and limits) comes with it.
@_exported public import ZendeskMessagingSession
