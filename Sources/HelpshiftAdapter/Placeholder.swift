// Placeholder: filled by the HelpshiftAdapter issue.
