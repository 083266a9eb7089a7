"""The tables of the store, as SQLAlchemy Core; `migrations/` brings a database to them."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
    true,
)

metadata = MetaData()

# A careers campaign: one aggregate, its events in `events`.
campaigns = Table(
    "campaigns",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False, unique=True),
    # the name trimmed and case-folded: "Gallia" and " gallia " are one campaign
    Column("name_key", String(200), nullable=False, unique=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("settings", JSON, nullable=False),
)

# The append-only log of each campaign, numbered 1, 2, ... without gaps.
events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("campaign", Integer, ForeignKey("campaigns.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String(60), nullable=False),
    Column("payload", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    UniqueConstraint("campaign", "seq"),
    Index("ix_events_campaign_kind_seq", "campaign", "kind", "seq"),
    Index("ix_events_campaign_created", "campaign", "created"),
)

# A campaign's state as of its event `seq` (the latest kept), under the rules version `rules`:
# reading the campaign replays only the events after it. Written in the transaction of the
# events it covers; never trusted over the log (`colosseum career verify` compares them).
campaign_snapshots = Table(
    "campaign_snapshots",
    metadata,
    Column("campaign", Integer, ForeignKey("campaigns.id"), primary_key=True),
    Column("seq", Integer, nullable=False),
    Column("rules", String(64), nullable=False),
    Column("state", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# A game table of the web server: one aggregate, its accepted actions in `table_actions`.
game_tables = Table(
    "game_tables",
    metadata,
    Column("id", String(32), primary_key=True),  # random, URL-safe: the table's address
    Column("game", String(60), nullable=False),
    Column("version", Integer, nullable=False),  # the game's rules version of the record
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("private", Boolean, nullable=False),  # not listed in the lobby
    Column("length", Integer, nullable=False),  # actions accepted so far
    # open, playing, over, abandoned (no action for long), record (an uploaded record)
    Column("status", String(20), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    # the last action, join or creation: the lobby's order, and when a table is abandoned
    Column("updated", DateTime(timezone=True), nullable=False, index=True),
    Column("hints", Boolean, nullable=False, server_default=false()),  # players may ask
    # a practice table: its seed chosen by its creator, shown to everyone from the start
    Column("practice", Boolean, nullable=False, server_default=false()),
    # the secret salt of the seed's commitment (web/commitment.py), shown once it is over
    Column("salt", String(64), nullable=True),
    # why the table stopped (a computer seat failed); such a table is not woken again
    Column("failure", String(500), nullable=True),
    # who decides next: 'human', 'computer' or 'none' (null: not known, check it)
    Column("decider", String(10), nullable=True),
    # the time control (web/clocks.py): null or {"kind": "none"}, {"kind": "days", "days": n},
    # {"kind": "live", "minutes": m, "increment": s}, with its policy when a seat runs out
    Column("clock", JSON, nullable=True),
    # when the deciding seat's clock began to run (null: no clock runs)
    Column("turn_started", DateTime(timezone=True), nullable=True),
    # how a table ended other than by the rules: {"kind": "resigned" | "timeout", "seat": s, ...}
    Column("outcome", JSON, nullable=True),
    # actions ever taken back by undo: an append checks it with the length, so a copy of the
    # table that missed an undo cannot append after a log that was rewritten
    Column("undone", Integer, nullable=False, server_default="0"),
    # a rated table (chosen at creation) moves its accounts' ratings when it ends
    Column("rated", Boolean, nullable=False, server_default=false()),
    # when the ratings took this rated table's result in (null: not yet, or not rated)
    Column("rated_at", DateTime(timezone=True), nullable=True),
)

# A person's account: a name unique once trimmed and case-folded, an Argon2id hash of the
# password (null: none set), an email for notifications (optional). A deleted account keeps
# its row, renamed, so that its games keep a seat to point at.
accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(40), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=True),
    Column("email", String(254), nullable=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("disabled", Boolean, nullable=False, server_default=false()),
    Column("deleted", Boolean, nullable=False, server_default=false()),
    # mail when it becomes this account's turn (the unsubscribe link turns it off)
    Column("notify_email", Boolean, nullable=False, server_default=true()),
    # the computer level this account stands for in the ratings ("hard", ...): no password,
    # it never signs in; null for a person
    Column("computer", String(40), nullable=True, unique=True),
)

# A sign-in: the SHA-256 of its cookie's secret (never the secret), expiring, revocable.
sign_ins = Table(
    "sign_ins",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("account", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False),
    Column("revoked", Boolean, nullable=False, server_default=false()),
)

# A passkey (WebAuthn credential) of an account.
passkeys = Table(
    "passkeys",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("account", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("credential_id", String(1400), nullable=False, unique=True),  # base64url
    Column("public_key", Text, nullable=False),  # base64url of the COSE key
    Column("sign_count", BigInteger, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# A WebAuthn challenge waiting for its answer (registration or sign-in), used once.
challenges = Table(
    "challenges",
    metadata,
    Column("id", String(64), primary_key=True),  # SHA-256 of the id handed to the browser
    Column("purpose", String(20), nullable=False),  # "register" or "sign-in"
    Column("account", Integer, ForeignKey("accounts.id"), nullable=True),
    Column("challenge", String(200), nullable=False),  # base64url
    Column("expires", DateTime(timezone=True), nullable=False),
)

# A browser's Web Push subscription for an account.
push_subscriptions = Table(
    "push_subscriptions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("account", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("endpoint", String(1000), nullable=False, unique=True),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(100), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# Notifications to send (mail, push), each claimed by one process and sent once.
outbox = Table(
    "outbox",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("kind", String(10), nullable=False),  # "mail" or "push"
    Column("account", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("table_id", String(32), nullable=True),
    Column("payload", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False, index=True),
    Column("claimed_until", DateTime(timezone=True), nullable=True),  # a sender holds it
    Column("sent", DateTime(timezone=True), nullable=True, index=True),
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("error", String(500), nullable=True),
)

# Who sits where: a human seat holds the hash of its secret token (never the token itself).
table_seats = Table(
    "table_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(200), nullable=False),  # "human" or an agent spec
    Column("name", String(60), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False),  # someone sat down (link used or lobby join)
    # the account holding the seat, or for whom it is reserved (null: a guest's, by its token)
    Column("account", Integer, ForeignKey("accounts.id"), nullable=True, index=True),
    # a clocked table: the seat's time left, in milliseconds, when its turn last began or ended
    Column("time_left_ms", BigInteger, nullable=True),
)

# The log of each table, numbered 1, 2, ... without gaps; appended to, and cut back only by
# an undo (store/rewind.py; `game_tables.undone` counts the actions taken back).
table_actions = Table(
    "table_actions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", String(32), ForeignKey("game_tables.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("notation", String(200), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    # a clocked table: the acting seat's time left, in milliseconds, as it acted (for undo)
    Column("time_left_ms", BigInteger, nullable=True),
    UniqueConstraint("table_id", "seq"),
)

# What a table's seats (or its spectators) said, in order; kept with the table for its replay.
table_chat = Table(
    "table_chat",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", String(32), ForeignKey("game_tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=True),  # null: a spectator
    Column("name", String(60), nullable=False),
    Column("text", String(500), nullable=False),
    Column("version", Integer, nullable=False),  # actions accepted when it was said
    Column("created", DateTime(timezone=True), nullable=False),
)


# An account's rating in one game (OpenSkill's Plackett-Luce mu and sigma), as the rated
# results below left it, applied in the order of their ids.
ratings = Table(
    "ratings",
    metadata,
    Column("account", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("game", String(60), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)

# One seat's result in one rated game (a rated table, or a calibration game between computer
# levels), with the rating before and after it: the history a rebuild replays, and the plot.
rating_results = Table(
    "rating_results",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("game", String(60), nullable=False),
    Column("source", String(80), nullable=False),  # a table id, or "calibration:..."
    Column("seat", Integer, nullable=False),
    Column("account", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("rank", Integer, nullable=False),  # 1 is first; tied seats share a rank
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    UniqueConstraint("source", "seat"),
    Index("ix_rating_results_account_game", "account", "game"),
)

# Accounts waiting for a quick match: a game, a player count and a pace ("live" or "days");
# `table_id` is set when the entry is matched, `left` when its account gave up waiting.
match_queue = Table(
    "match_queue",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("account", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("game", String(60), nullable=False),
    Column("players", Integer, nullable=False),
    Column("pace", String(10), nullable=False),
    Column("joined", DateTime(timezone=True), nullable=False, index=True),
    Column("table_id", String(32), ForeignKey("game_tables.id"), nullable=True),
    Column("left", Boolean, nullable=False, server_default=false()),
)
