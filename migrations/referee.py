"""Schema of the referee database, as sqlite-utils migrations (applied by `referee init-db`).

`events` is the truth. `games`, `game_players` and `snapshots` are projections/caches that
`referee replay --rebuild-projections` rebuilds from events. `seats` (token hashes, contact
addresses) and `game_keys` (the secret seed) are credentials, not derivable from the log.
"""

from sqlite_utils import Migrations

migrations = Migrations("referee")


@migrations()
def m001_core(db):
    db.execute("""
        CREATE TABLE events (
            game_id TEXT NOT NULL,
            seq INTEGER NOT NULL,
            type TEXT NOT NULL,
            seat INTEGER,
            payload TEXT NOT NULL,
            created_at TEXT NOT NULL,
            digest TEXT NOT NULL,
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID""")
    db.execute("""
        CREATE TABLE game_keys (
            game_id TEXT PRIMARY KEY,
            seed TEXT NOT NULL
        )""")
    db.execute("""
        CREATE TABLE seats (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            email TEXT,
            webhook TEXT,
            token_hash TEXT NOT NULL UNIQUE,
            PRIMARY KEY (game_id, seat)
        )""")
    db.execute("""
        CREATE TABLE games (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            status TEXT NOT NULL,
            seq INTEGER NOT NULL,
            to_move TEXT NOT NULL,
            result TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""")
    db.execute("CREATE INDEX games_status ON games(status, game)")
    db.execute("""
        CREATE TABLE game_players (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""")
    db.execute("CREATE INDEX game_players_name ON game_players(name)")
    db.execute("""
        CREATE TABLE snapshots (
            game_id TEXT NOT NULL,
            seq INTEGER NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        )""")
    db.execute("""
        CREATE TABLE idempotency (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            key TEXT NOT NULL,
            status INTEGER NOT NULL,
            response TEXT NOT NULL,
            PRIMARY KEY (game_id, seat, key)
        )""")


@migrations()
def m002_deadlines_and_outbox(db):
    # Snapshots also cache the seats' clocks (a fold over events, like the state).
    db.execute("ALTER TABLE snapshots ADD COLUMN clocks TEXT")
    # Projection for the scheduler: each open decision's deadline and next reminder.
    db.execute("""
        CREATE TABLE deadlines (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            opened_seq INTEGER NOT NULL,
            due_at REAL NOT NULL,
            reminders TEXT NOT NULL,
            next_reminder_at REAL,
            PRIMARY KEY (game_id, seat)
        )""")
    db.execute("CREATE INDEX deadlines_due ON deadlines(due_at)")
    db.execute("CREATE INDEX deadlines_remind ON deadlines(next_reminder_at)")
    db.execute("ALTER TABLE games ADD COLUMN resume_at REAL")
    # Notifications, written in the same transaction as the events that cause them.
    db.execute("""
        CREATE TABLE outbox (
            id INTEGER PRIMARY KEY,
            game_id TEXT NOT NULL,
            seat INTEGER,
            channel TEXT NOT NULL,
            recipient TEXT NOT NULL,
            kind TEXT NOT NULL,
            subject TEXT NOT NULL,
            body TEXT NOT NULL,
            dedupe_key TEXT NOT NULL UNIQUE,
            created_at REAL NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at REAL NOT NULL,
            claimed_until REAL,
            sent_at REAL,
            failed INTEGER NOT NULL DEFAULT 0,
            last_error TEXT
        )""")
    db.execute("CREATE INDEX outbox_due ON outbox(sent_at, failed, next_attempt_at)")
    # Instance-wide secrets (the HMAC key for reply addresses and webhooks when
    # REFEREE_SECRET_KEY is not set), so a fresh install needs no configuration.
    db.execute("CREATE TABLE instance (key TEXT PRIMARY KEY, value TEXT NOT NULL)")


@migrations()
def m003_mail_settings(db):
    # Play by email: each seat's time zone for deadlines and which notifications it wants
    # (all | turn | none, changed by the `notify` mail command). Settings, not derivable.
    db.execute("""
        CREATE TABLE seat_settings (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            tz TEXT,
            notify TEXT NOT NULL DEFAULT 'all',
            PRIMARY KEY (game_id, seat)
        )""")
    # The Message-ID of the player's mail an answer replies to (threading headers).
    db.execute("ALTER TABLE outbox ADD COLUMN in_reply_to TEXT")


@migrations()
def m004_listing_indexes_and_components(db):
    # Game lists are read newest first (updated_at DESC, id) with keyset paging; one index per
    # filter keeps every page a range scan, whatever the number of games.
    db.execute("CREATE INDEX IF NOT EXISTS games_recent ON games(updated_at DESC, id)")
    db.execute("CREATE INDEX IF NOT EXISTS games_status_recent ON games(status, updated_at DESC, id)")
    db.execute("CREATE INDEX IF NOT EXISTS games_game_recent ON games(game, updated_at DESC, id)")
    db.execute("CREATE INDEX IF NOT EXISTS games_game_status_recent ON games(game, status, updated_at DESC, id)")
    db.execute("CREATE INDEX IF NOT EXISTS game_players_name_game ON game_players(name, game_id)")
    db.execute("DROP INDEX IF EXISTS game_players_name")
    db.execute("DROP INDEX IF EXISTS games_status")  # covered by the ones above
    # The scheduler's vacation check reads only paused games, not every game.
    db.execute("CREATE INDEX IF NOT EXISTS games_paused_resume ON games(resume_at) WHERE status = 'paused'")
    # Component data once per distinct content; game_created rows reference it by
    # components_sha256 (the digest still covers the full payload, see store/components.py).
    db.execute("""
        CREATE TABLE IF NOT EXISTS components (
            sha256 TEXT PRIMARY KEY,
            data TEXT NOT NULL
        ) WITHOUT ROWID""")
    from referee.store.components import compact_created_events
    compact_created_events(db.conn)


@migrations()
def m005_idempotency_request_hash(db):
    # What a keyed request asked for (sha256 of its body), so that a key reused with a different
    # request is refused instead of silently answered with the first request's answer.
    db.execute("ALTER TABLE idempotency ADD COLUMN request_hash TEXT")


@migrations()
def m006_deadline_claims(db):
    # A scheduler claims the due deadlines it will time out, under a lease, so that several
    # schedulers share the work instead of all trying every timeout (the append's expected
    # sequence still lets only one land); a crashed scheduler's claims lapse with the lease.
    db.execute("ALTER TABLE deadlines ADD COLUMN claimed_until REAL")


@migrations()
def m007_bot_seats(db):
    # Seats held by bots (README, "Bots"): a projection of game_created, so the scheduler's bot
    # job finds the running games with bots without loading every game.
    db.execute("""
        CREATE TABLE IF NOT EXISTS bot_seats (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            spec TEXT NOT NULL,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID""")


@migrations()
def m008_players_and_tables(db):
    # Players (issue 23): a verified e-mail address with a display name, time zone, language and
    # an optional daily digest. Credentials and settings, not derivable from any game's log; and
    # the completion record the lobby shows (games finished, deadlines missed, seats lost to a
    # replacement), counted as the events that change it are appended (store/tenures.py).
    db.execute("""
        CREATE TABLE players (
            id TEXT PRIMARY KEY,
            email TEXT NOT NULL UNIQUE,
            name TEXT,
            tz TEXT,
            lang TEXT NOT NULL DEFAULT 'en',
            digest INTEGER NOT NULL DEFAULT 0,
            digest_sent_on TEXT,
            created_at REAL NOT NULL,
            finished INTEGER NOT NULL DEFAULT 0,
            missed INTEGER NOT NULL DEFAULT 0,
            replaced INTEGER NOT NULL DEFAULT 0
        )""")
    # Player tokens (API) and browser sessions, stored as hashes, revocable.
    db.execute("""
        CREATE TABLE player_tokens (
            token_hash TEXT PRIMARY KEY,
            player_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            created_at REAL NOT NULL,
            revoked_at REAL
        )""")
    db.execute("CREATE INDEX player_tokens_player ON player_tokens(player_id)")
    # One-time sign-in links (hash of the link's secret, the address it proves, its expiry).
    db.execute("""
        CREATE TABLE sign_in_links (
            token_hash TEXT PRIMARY KEY,
            email TEXT NOT NULL,
            expires_at REAL NOT NULL,
            used_at REAL
        )""")
    # A seat's holder: the player (once known), the tenure (0 for the holder named at creation,
    # +1 each time the seat changes hands: links and tokens are minted per tenure), whether the
    # seat is held, open to anyone, invited (one address), reserved (a rematch) or vacant (its
    # holder was released and a newcomer may take it), and the holder's missed deadlines.
    db.execute("ALTER TABLE seats ADD COLUMN player_id TEXT")
    db.execute("ALTER TABLE seats ADD COLUMN tenure INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE seats ADD COLUMN holder TEXT NOT NULL DEFAULT 'held'")
    db.execute("ALTER TABLE seats ADD COLUMN invite TEXT")
    db.execute("ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0")
    db.execute("CREATE INDEX seats_player ON seats(player_id)")
    db.execute("CREATE INDEX seats_email ON seats(email)")
    # Past holders of a seat: their tenure and the deadlines they missed stay theirs.
    db.execute("""
        CREATE TABLE past_seats (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            tenure INTEGER NOT NULL,
            player_id TEXT,
            name TEXT NOT NULL,
            missed INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat, tenure)
        )""")
    db.execute("CREATE INDEX past_seats_player ON past_seats(player_id)")
    # A table: a game with open or invited seats, its creator, listing and expiry (the lobby).
    db.execute("""
        CREATE TABLE tables (
            game_id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            creator_hash TEXT NOT NULL,
            creator_player TEXT,
            listed INTEGER NOT NULL,
            status TEXT NOT NULL,
            seats INTEGER NOT NULL,
            free INTEGER NOT NULL,
            replace_after INTEGER NOT NULL,
            expires_at REAL NOT NULL,
            rematch_of TEXT,
            rematch TEXT,
            created_at TEXT NOT NULL
        )""")
    db.execute("CREATE INDEX tables_lobby ON tables(status, listed, created_at DESC, game_id)")
    db.execute("CREATE INDEX tables_lobby_game ON tables(status, listed, game, created_at DESC, game_id)")
    db.execute("CREATE INDEX tables_expiry ON tables(status, expires_at)")


@migrations()
def m009_table_talk(db):
    # Table talk (issue 24): each game's messages in a hash chain of their own (not in the
    # events' chain, so replaying a game never reads them): sender seat, recipients ("all" or a
    # JSON list of seats), whether it is the sender's private note, the text, the time (ISO, and
    # epoch seconds for the per-seat rate limit), a random salt, the digest, the chain.
    db.execute("""
        CREATE TABLE messages (
            game_id TEXT NOT NULL,
            seq INTEGER NOT NULL,
            sender INTEGER NOT NULL,
            recipients TEXT NOT NULL,
            note INTEGER NOT NULL,
            text TEXT NOT NULL,
            created_at TEXT NOT NULL,
            at REAL NOT NULL,
            salt TEXT NOT NULL,
            digest TEXT NOT NULL,
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID""")
    db.execute("CREATE INDEX messages_sender ON messages(game_id, sender, at)")
    # Who muted whom, per seat: read only for the muting seat itself.
    db.execute("""
        CREATE TABLE message_mutes (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            muted INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat, muted)
        ) WITHOUT ROWID""")
    # The last message each seat's mails have shown ("your turn" mails carry the ones since).
    db.execute("""
        CREATE TABLE message_mailed (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID""")


@migrations()
def m010_alerts(db):
    # Alert channels (issue 26): where a seat, a game or a player wants to be told, as an apprise
    # URL or a browser's Web Push subscription. Settings and credentials (a URL may hold a
    # service's token), never derivable from the logs, never shown to anyone but their owner.
    # `owner` is 'seat' (game_id, seat, tenure: the channel dies when the seat changes hands),
    # 'game' (game_id: the table's channel, public content only) or 'player' (player_id: every
    # seat the player holds). `failures` counts failed deliveries in a row since `failing_since`;
    # a channel that keeps failing is disabled (`disabled_at`, `disabled_reason`) until re-enabled.
    db.execute("""
        CREATE TABLE alert_channels (
            id TEXT PRIMARY KEY,
            owner TEXT NOT NULL,
            game_id TEXT,
            seat INTEGER,
            tenure INTEGER,
            player_id TEXT,
            kind TEXT NOT NULL,
            url TEXT NOT NULL,
            subscription TEXT,
            events TEXT NOT NULL,
            created_at REAL NOT NULL,
            failures INTEGER NOT NULL DEFAULT 0,
            failing_since REAL,
            disabled_at REAL,
            disabled_reason TEXT
        )""")
    db.execute("CREATE INDEX alert_channels_game ON alert_channels(game_id)")
    db.execute("CREATE INDEX alert_channels_player ON alert_channels(player_id)")
    db.execute("CREATE INDEX alert_channels_url ON alert_channels(url)")
    # The digest: daily or weekly, at an hour of the player's time zone, with or without single mails.
    db.execute("ALTER TABLE players ADD COLUMN digest_every TEXT NOT NULL DEFAULT 'day'")
    db.execute("ALTER TABLE players ADD COLUMN digest_hour INTEGER NOT NULL DEFAULT 8")
    db.execute("ALTER TABLE players ADD COLUMN digest_only INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE players ADD COLUMN digest_next_at REAL")
    db.execute("ALTER TABLE players ADD COLUMN digest_last_at REAL")


@migrations()
def m011_foresight(db):
    # Pre-set moves (issue 27): each seat's private queue for its next prompts, the note telling
    # the seat why a queue was dropped, and every entry's fate (shown in the full export once the
    # game is over). Private to the seat, so not in the public log until they fire.
    db.execute("""
        CREATE TABLE IF NOT EXISTS presets (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            queue TEXT NOT NULL,
            note TEXT,
            history TEXT NOT NULL,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID""")
    # Open proposals to end a game by agreement and when they lapse: a projection of the
    # `proposal` events, so the scheduler finds the due ones without loading every game.
    db.execute("""
        CREATE TABLE IF NOT EXISTS proposals_due (
            game_id TEXT NOT NULL,
            proposal INTEGER NOT NULL,
            expires_at REAL NOT NULL,
            PRIMARY KEY (game_id, proposal)
        ) WITHOUT ROWID""")


@migrations()
def m012_ratings(db):
    # Ratings (issue 28): projections of the finished games' logs, rebuilt by `referee ratings
    # rebuild` with identical numbers. rating_games: each finished game, whether it is rated (and
    # why not), its players and ranks, ordered by its end; ratings: each player's current mu and
    # sigma per game title (REAL: the exact doubles openskill gave); rating_history: after each
    # rated game, for the profile's chart.
    db.execute("""
        CREATE TABLE rating_games (
            game_id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            ended_at TEXT NOT NULL,
            rated INTEGER NOT NULL,
            why TEXT,
            players TEXT NOT NULL,
            ranks TEXT NOT NULL
        )""")
    db.execute("CREATE INDEX rating_games_order ON rating_games(title, rated, ended_at, game_id)")
    db.execute("""
        CREATE TABLE ratings (
            title TEXT NOT NULL,
            player_id TEXT NOT NULL,
            name TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            ordinal REAL NOT NULL,
            games INTEGER NOT NULL,
            shown INTEGER NOT NULL,
            PRIMARY KEY (title, player_id)
        )""")
    # the leaderboard's pages: a range of this index alone (covering), whatever the page's start
    db.execute("CREATE INDEX ratings_board ON ratings(title, shown, ordinal, player_id, name, mu, sigma, games)")
    db.execute("CREATE INDEX ratings_player ON ratings(player_id)")
    db.execute("""
        CREATE TABLE rating_history (
            title TEXT NOT NULL,
            player_id TEXT NOT NULL,
            n INTEGER NOT NULL,
            game_id TEXT NOT NULL,
            ended_at TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            PRIMARY KEY (title, player_id, n)
        )""")
    # Tournaments (issue 28): the organiser's settings (a JSON body as given, checked), its games
    # by round and board with the players seated in order. Standings are computed from the
    # games' results when read.
    db.execute("""
        CREATE TABLE tournaments (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            format TEXT NOT NULL,
            status TEXT NOT NULL,
            spec TEXT NOT NULL,
            organiser_hash TEXT NOT NULL,
            rounds INTEGER NOT NULL,
            created_at REAL NOT NULL
        )""")
    db.execute("CREATE INDEX tournaments_status ON tournaments(status)")
    db.execute("""
        CREATE TABLE tournament_games (
            tournament_id TEXT NOT NULL,
            round INTEGER NOT NULL,
            board INTEGER NOT NULL,
            game_id TEXT,
            players TEXT NOT NULL,
            PRIMARY KEY (tournament_id, round, board)
        )""")
    db.execute("CREATE INDEX tournament_games_game ON tournament_games(game_id)")


@migrations()
def m013_language(db):
    # Issue 29: a seat's language (en, de) for its mails and page; NULL follows its player's
    # language, else English. A setting, not derivable from the log.
    db.execute("ALTER TABLE seat_settings ADD COLUMN lang TEXT")


@migrations()
def m014_send_counts(db):
    # Issue 35: how much unsolicited mail each mailbox (and how many test alerts each channel)
    # was sent per fixed window, so the caps hold across processes and restarts. `subject` is a
    # keyed hash, never the address itself; rows of windows that ended are deleted as they end.
    db.execute("""
        CREATE TABLE send_counts (
            subject TEXT NOT NULL,
            period INTEGER NOT NULL,
            slot INTEGER NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY (subject, period, slot)
        ) WITHOUT ROWID""")
    db.execute("CREATE INDEX send_counts_age ON send_counts(period, slot)")


@migrations()
def m015_tenure(db):
    # Issue 35: a seat's secrets belong to the holder of the moment. A mail records the tenure of
    # the seat it was queued for (the mail page and its Reply-To follow it); a message records the
    # tenures of its sender and recipients as JSON {"seat": tenure} (notes and private press are
    # read by those tenures only; NULL, a message written before: every seat's first holder).
    db.execute("ALTER TABLE outbox ADD COLUMN tenure INTEGER")
    db.execute("ALTER TABLE messages ADD COLUMN tenures TEXT")
    # A mark per watched key that moves whenever a credential may have died: `<game>/seats` when a
    # seat's token, tenure, holder or player changes, `players/tokens` when a player token or
    # session is revoked. Triggers, so every writer moves it; the live feed's watcher wakes the
    # streams that depend on it, and each re-checks its reader (store/watch.py, asgi/feed.py).
    db.execute("CREATE TABLE credential_marks (key TEXT PRIMARY KEY, mark INTEGER NOT NULL)")
    for name, when, key in (
            ("seats_credentials_update", "AFTER UPDATE ON seats WHEN OLD.token_hash IS NOT NEW.token_hash "
             "OR OLD.tenure IS NOT NEW.tenure OR OLD.holder IS NOT NEW.holder OR OLD.player_id IS NOT NEW.player_id",
             "NEW.game_id || '/seats'"),
            ("seats_credentials_delete", "AFTER DELETE ON seats", "OLD.game_id || '/seats'"),
            ("player_tokens_revoked", "AFTER UPDATE OF revoked_at ON player_tokens", "'players/tokens'"),
            ("player_tokens_deleted", "AFTER DELETE ON player_tokens", "'players/tokens'")):
        db.execute(f"CREATE TRIGGER {name} {when} BEGIN "
                   f"INSERT OR IGNORE INTO credential_marks (key, mark) VALUES ({key}, 0); "
                   f"UPDATE credential_marks SET mark = mark + 1 WHERE key = {key}; END")


@migrations()
def m016_archive(db):
    # The archive (issue 40): one row per finished public game (a table listed in the lobby, or a
    # game from before tables), a projection of its log written in the transaction that appends
    # `game_ended` and rebuilt by `referee archive rebuild`; and one row per seat of it, for the
    # search by player and the statistics per player. Unlisted tables never get a row.
    db.execute("""
        CREATE TABLE archive_games (
            game_id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            started_at TEXT NOT NULL,
            ended_at TEXT NOT NULL,
            seats INTEGER NOT NULL,
            moves INTEGER NOT NULL,
            timeouts INTEGER NOT NULL,
            decided INTEGER NOT NULL,
            reason TEXT NOT NULL,
            result TEXT NOT NULL
        )""")
    # Each filter the search offers leads an index that ends in the page's order (ended_at,
    # game_id), so a page is a range scan wherever it starts and however many games there are.
    db.execute("CREATE INDEX archive_recent ON archive_games(ended_at, game_id)")
    db.execute("CREATE INDEX archive_title ON archive_games(title, ended_at, game_id)")
    db.execute("CREATE INDEX archive_title_seats ON archive_games(title, seats, ended_at, game_id)")
    db.execute("CREATE INDEX archive_longest ON archive_games(moves, ended_at, game_id)")
    db.execute("CREATE INDEX archive_title_longest ON archive_games(title, moves, ended_at, game_id)")
    db.execute("""
        CREATE TABLE archive_seats (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            player_id TEXT,
            title TEXT NOT NULL,
            seats INTEGER NOT NULL,
            ended_at TEXT NOT NULL,
            outcome TEXT NOT NULL,
            timeouts INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""")
    db.execute("CREATE INDEX archive_seats_name ON archive_seats(name, ended_at, game_id)")
    db.execute("CREATE INDEX archive_seats_player ON archive_seats(player_id, title)")
    db.execute("CREATE INDEX archive_seats_title ON archive_seats(title, seats, seat)")


@migrations()
def m017_seat_names(db):
    # Issue 40: personal data out of the hashed log. Each seat's holder's name, per tenure (0: as
    # the game was created; n: the nth holder to join, accept or take over the seat), kept outside
    # the hash chain: logs name seats by (seat, tenure) only, and an erasure replaces the name
    # here without touching a chain. Logs recorded before are moved over once, at the first start
    # after the upgrade (service/players/names_out.py), each with a `names_moved_out` event.
    db.execute("""
        CREATE TABLE seat_names (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            tenure INTEGER NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (game_id, seat, tenure)
        ) WITHOUT ROWID""")


@migrations()
def m018_archive_pages(db):
    # The archive's result and seat-count filters (issue 40) as index ranges too, so their keyset
    # pages read the page's rows and no others at any size: a game's result (decided or drawn)
    # alone and with the game, a player's outcome, the seat count alone.
    db.execute("CREATE INDEX archive_decided ON archive_games(decided, ended_at, game_id)")
    db.execute("CREATE INDEX archive_title_decided ON archive_games(title, decided, ended_at, game_id)")
    db.execute("CREATE INDEX archive_seat_count ON archive_games(seats, ended_at, game_id)")
    db.execute("CREATE INDEX archive_seats_outcome ON archive_seats(name, outcome, ended_at, game_id)")


@migrations()
def m019_fewer_list_indexes(db):
    # Issue 41: every move rewrites its game's updated_at, so every index holding it gets a page
    # in the move's commit (six WAL pages a move against the raw commit's one or two). The lists
    # filtered by game kind read the newest-first index (or the status one) and skip the other
    # kinds instead: a handful of kinds, so a page still reads a few times its rows, never a sort.
    db.execute("DROP INDEX IF EXISTS games_game_recent")
    db.execute("DROP INDEX IF EXISTS games_game_status_recent")


@migrations()
def m020_head_changes(db):
    # Issue 41: after every commit each worker's live-feed watcher looked up the head of every
    # game it watched (~2,000 per worker with 10,000 streams, ~3 ms a worker a move). Each key
    # the watcher follows -- a game's events, its table talk, a credential mark -- now gets a row
    # here when it moves, numbered in commit order under the write lock (the rowid, the table's
    # last plus one), so a look reads `WHERE change > last`: what changed, not what is watched
    # (store/watch.py). Only SQLite: PostgreSQL announces appends by NOTIFY. Every 1,024th row
    # drops the rows more than 8,192 behind it; a watcher that fell further behind
    # reads its heads afresh.
    db.execute("CREATE TABLE head_changes (change INTEGER PRIMARY KEY, key TEXT NOT NULL, head INTEGER NOT NULL)")
    for name, when, key, head in (
            ("events_head_change", "AFTER INSERT ON events", "NEW.game_id", "NEW.seq"),
            ("messages_head_change", "AFTER INSERT ON messages", "NEW.game_id || '/messages'", "NEW.seq"),
            ("credential_marks_head_change", "AFTER UPDATE OF mark ON credential_marks", "NEW.key", "NEW.mark")):
        db.execute(f"CREATE TRIGGER {name} {when} BEGIN "
                   f"INSERT INTO head_changes (key, head) VALUES ({key}, {head}); END")
    db.execute("CREATE TRIGGER head_changes_pruned AFTER INSERT ON head_changes WHEN NEW.change % 1024 = 0 "
               "BEGIN DELETE FROM head_changes WHERE change <= NEW.change - 8192; END")
