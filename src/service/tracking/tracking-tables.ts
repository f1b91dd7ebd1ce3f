/**
 * Tables of the tracking module (migration namespace `tracking`). Timestamps are epoch milliseconds; JSON
 * columns hold string arrays written by this module only.
 *
 * - A shipment keeps only what the sandbox carrier cannot recompute: its request (number, type, carrier)
 *   and `anchor_at`, the instant its journey is placed around. Ports, vessels and every time are derived
 *   from those, so they never drift from the events already sent.
 * - `containers.played_through`: the instant up to which the container's milestones have been published
 *   as webhooks; `next_due_at` the time of the next milestone after it, so a pass reads only containers
 *   with something due (indexed); `finished` is 1 once the last milestone is behind it.
 * - `shipments.tracking_stopped_at`: set by `PATCH /shipments/{id}/stop_tracking`, cleared by
 *   `resume_tracking`; while set, the sandbox carrier publishes nothing for the shipment's containers.
 * - The partial unique index on live requests is the duplicate rule: one pending or created request per
 *   account, number and carrier. `scac` is '' while an `auto_detect_vocc_scac` request waits for the
 *   sandbox carrier to infer its carrier.
 * - A request `awaiting_manifest` keeps in `updated_at` when it was last checked: the daily re-check.
 */
export const TRACKING_MIGRATION_NAMESPACE = 'tracking';

export const TRACKING_MIGRATIONS: readonly string[] = [
  `CREATE TABLE tracking_requests (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     account_id TEXT NOT NULL,
     request_type TEXT NOT NULL,
     request_number TEXT NOT NULL,
     scac TEXT NOT NULL,
     ref_numbers TEXT NOT NULL,
     shipment_tags TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('pending', 'created', 'failed', 'awaiting_manifest', 'tracking_stopped')),
     failed_reason TEXT,
     shipment_id TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX tracking_requests_account ON tracking_requests (account_id, seq);
   CREATE INDEX tracking_requests_pending ON tracking_requests (seq) WHERE status = 'pending';
   CREATE UNIQUE INDEX tracking_requests_live ON tracking_requests (account_id, request_number, scac)
     WHERE status IN ('pending', 'created');
   CREATE TABLE shipments (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     account_id TEXT NOT NULL,
     tracking_request_id TEXT NOT NULL,
     request_type TEXT NOT NULL,
     request_number TEXT NOT NULL,
     scac TEXT NOT NULL,
     ref_numbers TEXT NOT NULL,
     tags TEXT NOT NULL,
     anchor_at INTEGER NOT NULL,
     tracking_stopped_at INTEGER,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX shipments_account ON shipments (account_id, seq);
   CREATE TABLE containers (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     account_id TEXT NOT NULL,
     shipment_id TEXT NOT NULL REFERENCES shipments (id),
     position INTEGER NOT NULL,
     number TEXT NOT NULL,
     ref_numbers TEXT NOT NULL,
     played_through INTEGER NOT NULL,
     next_due_at INTEGER NOT NULL,
     finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX containers_account ON containers (account_id, seq);
   CREATE INDEX containers_shipment ON containers (shipment_id, position);
   CREATE INDEX containers_number ON containers (account_id, number);
   CREATE INDEX containers_due ON containers (next_due_at) WHERE finished = 0;`,
  // The sandbox carrier re-checks requests awaiting their manifest once a day, by when they were last checked.
  `CREATE INDEX tracking_requests_awaiting ON tracking_requests (updated_at) WHERE status = 'awaiting_manifest';`,
  // Parties (the account's customers, shippers, brokers...) and the roles they play on shipments,
  // containers and tracking requests; `entity_type` is the resource type the role hangs on.
  `CREATE TABLE parties (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     account_id TEXT NOT NULL,
     company_name TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX parties_account ON parties (account_id, seq);
   CREATE TABLE party_roles (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     account_id TEXT NOT NULL,
     party_id TEXT NOT NULL REFERENCES parties (id),
     role TEXT NOT NULL,
     entity_type TEXT NOT NULL CHECK (entity_type IN ('shipment', 'container', 'tracking_request')),
     entity_id TEXT NOT NULL,
     created_at INTEGER NOT NULL
   ) STRICT;
   CREATE UNIQUE INDEX party_roles_once ON party_roles (entity_type, entity_id, party_id, role);
   CREATE INDEX party_roles_party ON party_roles (party_id);`,
  // Custom field definitions (per account and entity type, by api_slug), their enum options, and the values
  // set on entities. A deleted value keeps its row (`deleted_at`), as the upstream soft-deletes.
  `CREATE TABLE custom_field_definitions (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     account_id TEXT NOT NULL,
     entity_type TEXT NOT NULL,
     api_slug TEXT NOT NULL,
     display_name TEXT NOT NULL,
     description TEXT,
     data_type TEXT NOT NULL,
     reference_type TEXT,
     validation TEXT,
     default_format TEXT,
     default_value TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) STRICT;
   CREATE UNIQUE INDEX custom_field_definitions_slug ON custom_field_definitions (account_id, entity_type, api_slug);
   CREATE TABLE custom_field_options (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     definition_id TEXT NOT NULL REFERENCES custom_field_definitions (id),
     label TEXT NOT NULL,
     value TEXT NOT NULL,
     position INTEGER NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) STRICT;
   CREATE UNIQUE INDEX custom_field_options_value ON custom_field_options (definition_id, value);
   CREATE TABLE custom_fields (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     account_id TEXT NOT NULL,
     definition_id TEXT NOT NULL REFERENCES custom_field_definitions (id),
     entity_type TEXT NOT NULL,
     entity_id TEXT NOT NULL,
     value TEXT NOT NULL,
     update_pathway TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     deleted_at INTEGER
   ) STRICT;
   CREATE UNIQUE INDEX custom_fields_live ON custom_fields (definition_id, entity_id) WHERE deleted_at IS NULL;
   CREATE INDEX custom_fields_entity ON custom_fields (entity_id);`,
  // A tracking request's `initial_custom_fields`, kept until its shipment and containers exist to take them.
  `CREATE TABLE tracking_request_custom_fields (
     request_id TEXT PRIMARY KEY REFERENCES tracking_requests (id),
     payload TEXT NOT NULL
   ) STRICT;`,
];
