"""What follows a change for the people at the table: who is told what (mails, alerts, webhooks, Web Push) after each append, and the periodic digest."""
