// The backend imports `HelpshiftAdapter` alone: the app half it builds on (the session provider, the SDK
// port and delegate, the identities, the attribute rules, the failure reasons, events and limits) comes with it.
@_exported public import HelpshiftSession
