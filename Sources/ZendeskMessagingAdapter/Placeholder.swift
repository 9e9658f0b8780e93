// Placeholder: filled by the ZendeskMessagingAdapter issue.
