"""Play by email: outgoing messages (messages, situation, digests), signed one-click links
(links, views), and incoming replies (inbound parses, receive plays)."""
