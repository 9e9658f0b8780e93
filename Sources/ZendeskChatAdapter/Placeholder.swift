// Placeholder: filled by the ZendeskChatAdapter issue.
