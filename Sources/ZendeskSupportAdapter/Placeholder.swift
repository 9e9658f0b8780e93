// Placeholder: filled by the ZendeskSupportAdapter issue.
