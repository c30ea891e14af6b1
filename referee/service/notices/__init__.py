"""The words and targets of notices: mail texts, reply addresses, time zones and languages, sign-in and invitation mails, alert channels, the mails a game sent, and who may be mailed how often."""
