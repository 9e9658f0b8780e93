// The backend imports `ZendeskSupportAdapter` alone: the app half it builds on (the session provider,
// the SDK port, the admin setting, the limits) comes with it.
@_exported public import ZendeskSupportSession
