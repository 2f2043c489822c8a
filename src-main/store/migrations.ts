/**
 * Schema migrations, applied in order; `PRAGMA user_version` records how many ran.
 * Never edit a migration that has shipped: add a new one. To change what ALTER TABLE cannot
 * (a CHECK, a constraint, a foreign key), build the copy-and-swap with rebuildTables
 * (rebuild-tables.ts), which keeps every row while foreign keys are on.
 */
export const migrations: readonly string[] = [
  // 1: the tables the spec names.
  `
  CREATE TABLE runs (
    id            INTEGER PRIMARY KEY,
    game          TEXT    NOT NULL,
    seed          INTEGER NOT NULL,
    name          TEXT    NOT NULL DEFAULT '',
    plan          TEXT    NOT NULL,           -- JSON
    rules         TEXT    NOT NULL,           -- JSON
    status        TEXT    NOT NULL CHECK (status IN ('queued','running','cancelled','interrupted','failed','done','imported')),
    levels        INTEGER NOT NULL,
    candidates_total INTEGER NOT NULL DEFAULT 0,
    error         TEXT,
    created_at    TEXT    NOT NULL,
    started_at    TEXT,
    finished_at   TEXT,
    duration_ms   INTEGER
  );
  CREATE INDEX runs_by_game ON runs (game, id);

  CREATE TABLE candidates (
    id         INTEGER PRIMARY KEY,
    run_id     INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    slot       INTEGER NOT NULL,              -- 0-based level slot
    idx        INTEGER NOT NULL,              -- candidate index within the slot
    level      TEXT,                          -- level JSON; NULL when the job gave up
    metrics    TEXT    NOT NULL DEFAULT '{}', -- JSON
    difficulty REAL,                          -- the game's ordering metric, indexed
    proof      TEXT    NOT NULL DEFAULT '{}', -- JSON: tries, proof times, failure
    verdict    TEXT    NOT NULL DEFAULT 'none' CHECK (verdict IN ('approved','rejected','none')),
    note       TEXT    NOT NULL DEFAULT '',
    tags       TEXT    NOT NULL DEFAULT '[]', -- JSON array of strings
    UNIQUE (run_id, slot, idx)
  );
  CREATE INDEX candidates_by_difficulty ON candidates (run_id, difficulty);
  CREATE INDEX candidates_by_verdict ON candidates (run_id, verdict);

  -- Every metric as a row, so any metric can be filtered and sorted through an index.
  CREATE TABLE candidate_metrics (
    candidate_id INTEGER NOT NULL REFERENCES candidates (id) ON DELETE CASCADE,
    run_id       INTEGER NOT NULL,
    key          TEXT    NOT NULL,
    value        REAL    NOT NULL,
    PRIMARY KEY (candidate_id, key)
  ) WITHOUT ROWID;
  CREATE INDEX candidate_metrics_sort ON candidate_metrics (run_id, key, value);

  CREATE TABLE orderings (
    run_id      INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind IN ('automatic','approved')),
    computed_at TEXT    NOT NULL,
    problems    TEXT    NOT NULL DEFAULT '[]', -- JSON
    PRIMARY KEY (run_id, kind)
  );
  CREATE TABLE ordering_levels (
    run_id       INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    level        INTEGER NOT NULL,            -- 1-based
    candidate_id INTEGER REFERENCES candidates (id) ON DELETE CASCADE,
    target       REAL,
    PRIMARY KEY (run_id, kind, level),
    FOREIGN KEY (run_id, kind) REFERENCES orderings (run_id, kind) ON DELETE CASCADE
  );

  CREATE TABLE duplicate_pairs (
    id        INTEGER PRIMARY KEY,
    run_id    INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    a_id      INTEGER NOT NULL REFERENCES candidates (id) ON DELETE CASCADE,
    b_id      INTEGER NOT NULL REFERENCES candidates (id) ON DELETE CASCADE,
    rule      TEXT    NOT NULL,
    transform TEXT    NOT NULL,
    share     REAL    NOT NULL
  );
  CREATE INDEX duplicate_pairs_by_run ON duplicate_pairs (run_id, share DESC);
  `,
  // 2: undoable verdict changes.
  `
  CREATE TABLE verdict_actions (
    id         INTEGER PRIMARY KEY,
    run_id     INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    verdict    TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    undone     INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX verdict_actions_by_run ON verdict_actions (run_id, id);
  CREATE TABLE verdict_history (
    action_id    INTEGER NOT NULL REFERENCES verdict_actions (id) ON DELETE CASCADE,
    candidate_id INTEGER NOT NULL REFERENCES candidates (id) ON DELETE CASCADE,
    previous     TEXT    NOT NULL,
    PRIMARY KEY (action_id, candidate_id)
  ) WITHOUT ROWID;
  `,
  // 3: which process owns a queued or running run, so opening the database from a second
  // process (the studio while the CLI generates) does not mark a live run interrupted.
  `
  ALTER TABLE runs ADD COLUMN owner_pid INTEGER;
  `,
  // 4: one history for every curation change (tldraw/excalidraw style: an action records
  // what it changed, row by row, before and after), replacing the verdict-only undo log;
  // and the report a run stores when it ends.
  `
  CREATE TABLE history (
    id         INTEGER PRIMARY KEY,
    run_id     INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,              -- 'verdict', 'tag', 'untag', 'set-tags', 'note' (later: pins, locks, edits)
    label      TEXT    NOT NULL,              -- what the undo bar names, e.g. 'Approved L12 · c3'
    scope      TEXT    NOT NULL,              -- which rows, in the studio's vocabulary
    rows       INTEGER NOT NULL,
    created_at TEXT    NOT NULL,
    undone     INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX history_by_run ON history (run_id, id);
  CREATE TABLE history_changes (
    entry_id  INTEGER NOT NULL REFERENCES history (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    target    TEXT    NOT NULL,               -- what kind of row: 'candidate' (later: ordering levels, ...)
    target_id INTEGER NOT NULL,
    field     TEXT    NOT NULL,               -- 'verdict', 'tags', 'note'
    before    TEXT    NOT NULL,               -- JSON
    after     TEXT    NOT NULL,               -- JSON
    PRIMARY KEY (entry_id, seq)
  ) WITHOUT ROWID;

  -- Verdict changes not yet undone carry over (an undone one could not be redone before).
  INSERT INTO history (id, run_id, kind, label, scope, rows, created_at, undone)
  SELECT a.id, a.run_id, 'verdict',
         (CASE a.verdict WHEN 'approved' THEN 'Approved ' WHEN 'rejected' THEN 'Rejected ' ELSE 'Cleared the verdict of ' END)
           || n.rows || (CASE n.rows WHEN 1 THEN ' candidate' ELSE ' candidates' END),
         n.rows || (CASE n.rows WHEN 1 THEN ' candidate' ELSE ' candidates' END),
         n.rows, a.created_at, 0
  FROM verdict_actions a
  JOIN (SELECT action_id, COUNT(*) AS rows FROM verdict_history GROUP BY action_id) n ON n.action_id = a.id
  WHERE a.undone = 0;
  INSERT INTO history_changes (entry_id, seq, target, target_id, field, before, after)
  SELECT h.action_id, ROW_NUMBER() OVER (PARTITION BY h.action_id ORDER BY h.candidate_id), 'candidate', h.candidate_id, 'verdict',
         json_quote(h.previous), json_quote(a.verdict)
  FROM verdict_history h JOIN verdict_actions a ON a.id = h.action_id
  WHERE a.undone = 0;
  DROP TABLE verdict_history;
  DROP TABLE verdict_actions;

  ALTER TABLE runs ADD COLUMN report TEXT;   -- JSON RunReport, written when the run ends
  `,
  // 5: runs owned by a lease (owner id + heartbeat) instead of a PID, which can be reused, be a
  // zombie, or belong to another machine (see store/leases.ts).
  `
  ALTER TABLE runs ADD COLUMN owner TEXT;
  ALTER TABLE runs ADD COLUMN heartbeat_at INTEGER;   -- ms since the epoch, renewed by the owner
  ALTER TABLE runs DROP COLUMN owner_pid;
  `,
  // 6: steering an ordering. The designer's pins, locks and exclusions per run (JSON, changed
  // only through history), and the steered order as a third ordering kind; SQLite cannot
  // change a CHECK, so the two ordering tables are rebuilt (child renamed away first, so no
  // cascade touches the rows while foreign keys are on).
  `
  ALTER TABLE runs ADD COLUMN steering TEXT;   -- JSON Steering, NULL = none
  ALTER TABLE ordering_levels RENAME TO ordering_levels_old;
  CREATE TABLE orderings_new (
    run_id      INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind IN ('automatic','approved','steered')),
    computed_at TEXT    NOT NULL,
    problems    TEXT    NOT NULL DEFAULT '[]', -- JSON
    PRIMARY KEY (run_id, kind)
  );
  INSERT INTO orderings_new (run_id, kind, computed_at, problems) SELECT run_id, kind, computed_at, problems FROM orderings;
  CREATE TABLE ordering_levels (
    run_id       INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    level        INTEGER NOT NULL,            -- 1-based
    candidate_id INTEGER REFERENCES candidates (id) ON DELETE CASCADE,
    target       REAL,
    PRIMARY KEY (run_id, kind, level),
    FOREIGN KEY (run_id, kind) REFERENCES orderings_new (run_id, kind) ON DELETE CASCADE
  );
  INSERT INTO ordering_levels (run_id, kind, level, candidate_id, target) SELECT run_id, kind, level, candidate_id, target FROM ordering_levels_old;
  DROP TABLE ordering_levels_old;
  DROP TABLE orderings;
  ALTER TABLE orderings_new RENAME TO orderings;
  `,
  // 7: duplicate triage. A near-duplicate pair the designer marked "fine" (both may ship), kept
  // per run and pair of candidates (the lower candidate id first, so the mark outlives the pair
  // rows, which the near-duplicate pass replaces), with who decided and when. Changed only
  // through history.
  `
  CREATE TABLE pair_triage (
    run_id     INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    a_id       INTEGER NOT NULL REFERENCES candidates (id) ON DELETE CASCADE,
    b_id       INTEGER NOT NULL REFERENCES candidates (id) ON DELETE CASCADE,
    decision   TEXT    NOT NULL CHECK (decision IN ('fine')),
    decided_by TEXT    NOT NULL,
    decided_at TEXT    NOT NULL,
    PRIMARY KEY (run_id, a_id, b_id),
    CHECK (a_id < b_id)
  ) WITHOUT ROWID;
  `,
  // 8: generator experiments (issue 16). An experiment is a base (game, plan, rules), one to three
  // variants (each its changes and the settings they make), seeds and a scope; each of its
  // runs (arm x seed; arm 0 = the base) is an ordinary run, linked here. A quick experiment's
  // runs make only some level slots, N candidates each: runs.scope says which (NULL = the whole
  // plan). Presets are named rule and plan sets of a game.
  `
  ALTER TABLE runs ADD COLUMN scope TEXT;   -- JSON {slots, candidates}, NULL = the whole plan
  CREATE TABLE experiments (
    id          INTEGER PRIMARY KEY,
    game        TEXT    NOT NULL,
    name        TEXT    NOT NULL DEFAULT '',
    base_run_id INTEGER REFERENCES runs (id) ON DELETE SET NULL,
    base_plan   TEXT    NOT NULL,             -- JSON
    base_rules  TEXT    NOT NULL,             -- JSON
    variants    TEXT    NOT NULL,             -- JSON [{name, changes, plan, rules}]
    seeds       TEXT    NOT NULL,             -- JSON [seed, ...]
    scope       TEXT    NOT NULL,             -- JSON {kind:'plan'} | {kind:'slots', slots, candidates}
    status      TEXT    NOT NULL CHECK (status IN ('queued','running','cancelled','interrupted','failed','done')),
    created_at  TEXT    NOT NULL,
    finished_at TEXT
  );
  CREATE TABLE experiment_runs (
    experiment_id INTEGER NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
    arm           INTEGER NOT NULL,           -- 0 = the base, 1.. = variants in order
    seed          INTEGER NOT NULL,
    run_id        INTEGER NOT NULL UNIQUE REFERENCES runs (id) ON DELETE CASCADE,
    figures       TEXT,                       -- JSON: the shipped figures, kept once the run is done
    PRIMARY KEY (experiment_id, arm, seed)
  ) WITHOUT ROWID;
  CREATE TABLE presets (
    id         INTEGER PRIMARY KEY,
    game       TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    plan       TEXT    NOT NULL,              -- JSON
    rules      TEXT    NOT NULL,              -- JSON
    created_at TEXT    NOT NULL,
    UNIQUE (game, name)
  );
  `,
  // 9: hand-edited candidates (issue 15): saved from the inspector's editor into the same pool,
  // linked to the candidate they came from; a draft breaks a hard rule and never ships.
  `
  ALTER TABLE candidates ADD COLUMN hand_edited INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE candidates ADD COLUMN draft INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE candidates ADD COLUMN parent_id INTEGER REFERENCES candidates (id) ON DELETE SET NULL;
  `,
  // 10: a run's phase times over every attempt (JSON {generate, order, near-duplicates} in ms,
  // written as the run goes, so a crash keeps them up to the last write) and how many times it
  // was resumed, for its report.
  `
  ALTER TABLE runs ADD COLUMN phase_ms TEXT;
  ALTER TABLE runs ADD COLUMN resumes INTEGER NOT NULL DEFAULT 0;
  `,
  // 11: each run's stored candidates, counted as they are stored (generated jobs and hand-edited
  // ones apart), so a run's or an experiment's progress reads one row per run instead of counting
  // its candidates on every call (experiments.get counted an experiment's ~46,000 three times).
  // Triggers keep it, whatever inserts or deletes a candidate (batches, imports, edits, undo,
  // a run deleted with its candidates). A future rebuild of candidates must create them again.
  `
  CREATE TABLE run_candidate_counts (
    run_id INTEGER PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
    made   INTEGER NOT NULL DEFAULT 0,        -- generated candidates (hand_edited = 0)
    edited INTEGER NOT NULL DEFAULT 0         -- hand-edited candidates
  );
  INSERT INTO run_candidate_counts (run_id, made, edited)
    SELECT r.id, COALESCE(SUM(c.hand_edited = 0), 0), COALESCE(SUM(c.hand_edited <> 0), 0)
    FROM runs r LEFT JOIN candidates c ON c.run_id = r.id GROUP BY r.id;
  -- Every run has its row from the start, so a stored candidate costs one update by key.
  CREATE TRIGGER run_counted AFTER INSERT ON runs BEGIN
    INSERT INTO run_candidate_counts (run_id) VALUES (NEW.id);
  END;
  CREATE TRIGGER candidates_counted AFTER INSERT ON candidates BEGIN
    UPDATE run_candidate_counts SET made = made + (NEW.hand_edited = 0), edited = edited + (NEW.hand_edited <> 0) WHERE run_id = NEW.run_id;
  END;
  CREATE TRIGGER candidates_uncounted AFTER DELETE ON candidates BEGIN
    UPDATE run_candidate_counts SET made = made - (OLD.hand_edited = 0), edited = edited - (OLD.hand_edited <> 0) WHERE run_id = OLD.run_id;
  END;
  CREATE TRIGGER candidates_recounted AFTER UPDATE OF run_id, hand_edited ON candidates BEGIN
    UPDATE run_candidate_counts SET made = made - (OLD.hand_edited = 0), edited = edited - (OLD.hand_edited <> 0) WHERE run_id = OLD.run_id;
    UPDATE run_candidate_counts SET made = made + (NEW.hand_edited = 0), edited = edited + (NEW.hand_edited <> 0) WHERE run_id = NEW.run_id;
  END;
  `,
  // 12: an index on every foreign key column that had none. Deleting a candidate looks up the
  // rows that point at it (its edited children, its near-duplicate pairs, the order levels it
  // fills, its triage marks) and, without these, scanned each whole table once per candidate:
  // deleting a 9,600-candidate run took minutes. A run's experiments link too (SET NULL).
  `
  CREATE INDEX candidates_by_parent ON candidates (parent_id);
  CREATE INDEX duplicate_pairs_by_a ON duplicate_pairs (a_id);
  CREATE INDEX duplicate_pairs_by_b ON duplicate_pairs (b_id);
  CREATE INDEX ordering_levels_by_candidate ON ordering_levels (candidate_id);
  CREATE INDEX pair_triage_by_a ON pair_triage (a_id);
  CREATE INDEX pair_triage_by_b ON pair_triage (b_id);
  CREATE INDEX experiments_by_base_run ON experiments (base_run_id);
  `,
  // 13: a run being deleted. Deleting one marks it first (hidden from then on, as if gone) and
  // removes its rows in short batches that let other calls in between (run-delete.ts); a run
  // still marked when a studio opens (it closed or crashed mid-delete) is finished then.
  `
  ALTER TABLE runs ADD COLUMN deleting INTEGER NOT NULL DEFAULT 0;
  `,
  // 14: a per-run change counter, so a change computed outside a transaction (a steer waits
  // for a worker) writes only if nothing changed the run meanwhile, in any process
  // (compare-and-swap; see store/run-changes.ts). Triggers keep it: every history entry
  // recorded, undone or redone, and every order stored or removed, counts.
  `
  ALTER TABLE runs ADD COLUMN changes INTEGER NOT NULL DEFAULT 0;
  CREATE TRIGGER history_added AFTER INSERT ON history BEGIN
    UPDATE runs SET changes = changes + 1 WHERE id = NEW.run_id;
  END;
  CREATE TRIGGER history_stepped AFTER UPDATE OF undone ON history BEGIN
    UPDATE runs SET changes = changes + 1 WHERE id = NEW.run_id;
  END;
  CREATE TRIGGER ordering_added AFTER INSERT ON orderings BEGIN
    UPDATE runs SET changes = changes + 1 WHERE id = NEW.run_id;
  END;
  CREATE TRIGGER ordering_removed AFTER DELETE ON orderings BEGIN
    UPDATE runs SET changes = changes + 1 WHERE id = OLD.run_id;
  END;
  `,
  // 15: stored game data records its game's data version (src-shared/data-version.ts): a run's
  // rules and plan, a preset's, an experiment's base and variants, a candidate's level. Every
  // game was at version 1 when this shipped, so today's rows are version 1. Reading migrates a
  // row's data from its version, then parses it with the game's schema. A run also records what
  // made it (src-main/provenance.ts): the studio's version and the game's generator version
  // (JSON {dataVersion, hash}); NULL for runs made before, whose maker is unknown.
  `
  ALTER TABLE runs ADD COLUMN data_version INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE presets ADD COLUMN data_version INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE experiments ADD COLUMN data_version INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE candidates ADD COLUMN data_version INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE runs ADD COLUMN studio_version TEXT;
  ALTER TABLE runs ADD COLUMN generator TEXT;
  `,
  // 16: top-ups (issue 23): more candidates for chosen levels of a finished run, each stored
  // with its arguments (levels, candidates per level, the targeted stop), where each slot's new
  // indices start and the target it aimed at (slots), what the run's order, report and total were
  // before it (so history records them however often it was resumed), and its outcome once done.
  // Applied in id order; 'undone' ones (history undo) are not part of the run until redone.
  `
  CREATE TABLE run_topups (
    id          INTEGER PRIMARY KEY,
    run_id      INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    levels      TEXT    NOT NULL,             -- JSON [1-based level, ...]
    candidates  INTEGER NOT NULL,             -- per level (targeted: at most)
    until_near  REAL,                         -- NULL: not targeted
    slots       TEXT    NOT NULL,             -- JSON [{slot, from, target}]
    before      TEXT    NOT NULL,             -- JSON: the run's automatic order, report and total before it
    status      TEXT    NOT NULL CHECK (status IN ('pending','done','undone')),
    outcome     TEXT,                         -- JSON TopUpOutcome, once done
    created_at  TEXT    NOT NULL,
    finished_at TEXT
  );
  CREATE INDEX run_topups_by_run ON run_topups (run_id, id);
  `,
  // 17: a run's drafts (hand-edited levels that break a hard rule) are listed with every view of
  // its orders; without an index that read visited every candidate of the run (54 ms of each
  // swap list on a 50,000-candidate run). Drafts are few, so the index is small.
  `
  CREATE INDEX candidates_drafts ON candidates (run_id, slot, idx) WHERE draft = 1;
  `,
  // 18: the "approved first" order (approved candidates where a level has one, the game's
  // search elsewhere) as a fourth ordering kind. SQLite cannot change a CHECK, so the two
  // ordering tables are rebuilt as migration 6 did (store/rebuild-tables.ts's pattern); the
  // index (12) and the change-counting triggers (14) go with a dropped table and are made again.
  `
  ALTER TABLE ordering_levels RENAME TO ordering_levels_old;
  CREATE TABLE orderings_new (
    run_id      INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind IN ('automatic','approved','approved-first','steered')),
    computed_at TEXT    NOT NULL,
    problems    TEXT    NOT NULL DEFAULT '[]', -- JSON
    PRIMARY KEY (run_id, kind)
  );
  INSERT INTO orderings_new (run_id, kind, computed_at, problems) SELECT run_id, kind, computed_at, problems FROM orderings;
  CREATE TABLE ordering_levels (
    run_id       INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    level        INTEGER NOT NULL,            -- 1-based
    candidate_id INTEGER REFERENCES candidates (id) ON DELETE CASCADE,
    target       REAL,
    PRIMARY KEY (run_id, kind, level),
    FOREIGN KEY (run_id, kind) REFERENCES orderings_new (run_id, kind) ON DELETE CASCADE
  );
  INSERT INTO ordering_levels (run_id, kind, level, candidate_id, target) SELECT run_id, kind, level, candidate_id, target FROM ordering_levels_old;
  DROP TABLE ordering_levels_old;
  DROP TABLE orderings;
  ALTER TABLE orderings_new RENAME TO orderings;
  CREATE INDEX ordering_levels_by_candidate ON ordering_levels (candidate_id);
  CREATE TRIGGER ordering_added AFTER INSERT ON orderings BEGIN
    UPDATE runs SET changes = changes + 1 WHERE id = NEW.run_id;
  END;
  CREATE TRIGGER ordering_removed AFTER DELETE ON orderings BEGIN
    UPDATE runs SET changes = changes + 1 WHERE id = OLD.run_id;
  END;
  `,
  // 19: playtests (issue 24). A playtest page the studio wrote, with what each of its levels is
  // (so results that come back name their candidates), and every attempt a tester made, per
  // candidate: deleting a run deletes its exports and attempts. An attempt's id is a hash of its
  // content, so importing the same results twice adds nothing.
  `
  CREATE TABLE playtest_exports (
    id             TEXT    PRIMARY KEY,
    run_id         INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    order_kind     TEXT    NOT NULL,
    pack_checksum  TEXT    NOT NULL,          -- sha256 hex of the pack text in the page
    candidate_ids  TEXT    NOT NULL,          -- JSON [candidate id of level 1, ...]
    testers        TEXT    NOT NULL,          -- JSON {subset, shuffle, seed}
    created_at     TEXT    NOT NULL
  );
  CREATE INDEX playtest_exports_by_run ON playtest_exports (run_id);
  CREATE INDEX playtest_exports_by_checksum ON playtest_exports (pack_checksum);
  CREATE TABLE playtest_attempts (
    id           TEXT    PRIMARY KEY,         -- sha256 hex of the attempt's content
    run_id       INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    candidate_id INTEGER NOT NULL REFERENCES candidates (id) ON DELETE CASCADE,
    export_id    TEXT    REFERENCES playtest_exports (id) ON DELETE CASCADE, -- NULL: the studio's blind mode
    tester       TEXT    NOT NULL,
    level        INTEGER NOT NULL,            -- 1-based, in the order played
    order_kind   TEXT    NOT NULL,
    started_at   TEXT    NOT NULL,
    outcome      TEXT    NOT NULL CHECK (outcome IN ('cleared-fewest','cleared-more','failed','gave-up','skipped')),
    ms           INTEGER NOT NULL,
    moves        INTEGER NOT NULL,
    wasted       INTEGER NOT NULL,
    restarts     INTEGER NOT NULL,
    events       TEXT    NOT NULL,            -- JSON TraceEvent[]
    recorded_at  TEXT    NOT NULL
  );
  CREATE INDEX playtest_attempts_by_run ON playtest_attempts (run_id, level);
  CREATE INDEX playtest_attempts_by_candidate ON playtest_attempts (candidate_id);
  CREATE INDEX playtest_attempts_by_export ON playtest_attempts (export_id);
  `,
  // Issue 24: an order computed with players' observed difficulty blended in keeps the figures
  // it ran on (JSON, src-shared/ordering/observed-blend.ts), so its pack records the blend; NULL
  // for every order computed on the model alone.
  `
  ALTER TABLE orderings ADD COLUMN observed_blend TEXT;
  `,
];
