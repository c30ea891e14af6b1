"""Notifications and play by email, as small parts the service, scheduler and outbox combine.

- ``smtp``: SMTP settings from ``REFEREE_SMTP_URL`` and sending one message.
- ``webhooks``: HMAC-SHA256 signed JSON POSTs to a seat's bot, and the check bots run.
- ``retry``: when to try a failed delivery again, and when to give up.
- ``addresses``: per-seat secret reply addresses (``play+<game>.<seat>.<mac>@domain``).
- ``inbound``: reading one incoming mail down to the sender, recipients and the move text.

Nothing here touches the database or the clock; callers pass in times and settings.
"""
