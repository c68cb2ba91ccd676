/** Area C (key-transparency): the catalogue of its clauses. Ids are `C.<family>.<rule>`. */
import type { Clause } from "./types.ts";

const area = "key-transparency" as const;

export const keyTransparencyClauses = [
  // --- wire ---
  {
    id: "C.wire.bare-json",
    area,
    source: "spec",
    text: "Area C responses are bare JSON objects, without the v4 envelope.",
  },
  {
    id: "C.wire.field-order",
    area,
    source: "platform",
    text: "A namespace is written name, log_directory (null if unset), root, [last_verified_epoch], status, reports_uri, audits_uri, signature_version, ciphersuite (mirrors signature_version).",
  },
  {
    id: "C.error.status",
    area,
    source: "platform",
    text: "Every success answers a 2xx with its whole body (the simulator: 200); a refusal answers a 4xx whose body says why, never a 5xx. The sources fix two refusal statuses, required exactly: 404 for a namespace, epoch or route that does not exist (plexi's client reads a 404 as absent) and 400 \"Namespace is disabled and read-only.\" for a write to a Disabled namespace (the platform's docs). Every other refusal (a bad body or field, a state rule, no client certificate, another operator's namespace, a method not served, a name, epoch or digest taken, a body too large or not JSON) may be any 4xx: the simulator answers 400, 401, 403, 405, 409, 413 and 415 there (docs/choices/key-transparency-statuses.md).",
  },
  {
    id: "C.error.method-not-allowed",
    area,
    source: "platform",
    text: "A method a route does not serve (PUT, DELETE, POST on one namespace, GET on audits_uri...) is refused with a 4xx and changes nothing; when the refusal is a 405 its Allow header names the methods the route serves (RFC 9110 15.5.6). The simulator answers 405; the platform's status is not public (docs/choices/key-transparency-statuses.md).",
  },
  // --- register ---
  {
    id: "C.register.creates",
    area,
    source: "spec",
    text: "POST /namespaces with a valid body registers the namespace and answers a bare object with name, log_directory, root, status, reports_uri, audits_uri and signature_version.",
  },
  {
    id: "C.register.required-fields",
    area,
    source: "spec",
    text: "name, root and signature_version (or plexi's alias ciphersuite) are required on creation; a body missing one is refused and registers nothing.",
  },
  {
    id: "C.register.docs-example",
    area,
    source: "platform",
    text: "The platform's own registration example (name, root, log_directory, signature_version, without public) registers the namespace as shown.",
  },
  {
    id: "C.register.ciphersuite-alias",
    area,
    source: "platform",
    text: "ciphersuite, the alias plexi's Namespace type gives signature_version, is accepted in its place.",
  },
  {
    id: "C.register.unknown-fields",
    area,
    source: "platform",
    text: "Fields the auditor's types do not know are ignored, as plexi's serde types (no deny_unknown_fields) ignore them: the registration succeeds and the field changes nothing.",
  },
  {
    id: "C.register.content-type",
    area,
    source: "spec",
    text: "The creation and disable requests carry a JSON body with Content-Type application/json; a body that is not JSON is refused and changes nothing.",
  },
  {
    id: "C.register.initialization",
    area,
    source: "spec",
    text: "A valid creation moves the namespace from (none) to Initialization.",
  },
  {
    id: "C.register.name-unique",
    area,
    source: "spec",
    text: "The name is the path key of the namespace: a second registration of the same name is refused and leaves the first unchanged.",
  },
  {
    id: "C.register.status-set-by-service",
    area,
    source: "spec",
    text: "status is set by the service: a creation body cannot choose it.",
  },
  {
    id: "C.register.by-operator",
    area,
    source: "spec",
    text: "Registration is by contacting the operator of the service; the endpoint takes the registration data.",
    untestable: "an organisational process, not an interface behaviour",
  },
  // --- fields ---
  {
    id: "C.field.root-format",
    area,
    source: "spec",
    text: "root is the log root: a number, a slash, then a hexadecimal string (the platform: 64 hex digits); other forms are refused.",
  },
  {
    id: "C.field.signature-version",
    area,
    source: "spec",
    text: "signature_version is an integer whose allowed values are 1 and 2; other values and non-integers are refused.",
  },
  {
    id: "C.field.log-directory-optional",
    area,
    source: "spec",
    text: "log_directory is optional; when given it is a URL, and a value that is not a URL is refused.",
  },
  {
    id: "C.field.log-directory-fetch",
    area,
    source: "spec",
    text: "When log_directory is set, the service fetches audit proofs from it and validates them: a published epoch past the root counts as verified (last-verified-epoch, last_verified_epoch) only once its proof was fetched and validated, asynchronously.",
  },
  {
    id: "C.field.public",
    area,
    source: "spec",
    text: "public is listed among the creation fields, but the platform's example registers without it: a body without public is accepted (edgeconf: listed); public false keeps the namespace out of GET /namespaces.",
  },
  {
    id: "C.field.status-values",
    area,
    source: "spec",
    text: "status is one of Online, Initialization and Disabled.",
  },
  {
    id: "C.field.reports-uri",
    area,
    source: "spec",
    text: "reports_uri is the relative path /namespaces/<name>/reports.",
  },
  {
    id: "C.field.audits-uri",
    area,
    source: "spec",
    text: "audits_uri is the relative path /namespaces/<name>/audits.",
  },
  {
    id: "C.field.status-case",
    area,
    source: "platform",
    text: "status is written capitalised (Online, Initialization, Disabled) in every response, list entries included: plexi's NamespaceStatus has no case renaming, so its client cannot read the lower case of the spec's list example.",
  },
  // --- list and get ---
  {
    id: "C.list.shape",
    area,
    source: "spec",
    text: "GET /namespaces answers an object with a namespaces array; each element has name, reports_uri, audits_uri and status, and may omit root and log_directory.",
  },
  {
    id: "C.list.public-only",
    area,
    source: "platform",
    text: "GET /namespaces lists the public namespaces (public: true) and not the others.",
  },
  {
    id: "C.get.one",
    area,
    source: "platform",
    text: "GET /namespaces/{name} answers the namespace, and 404 when no such namespace exists.",
  },
  {
    id: "C.list.order",
    area,
    source: "platform",
    text: "GET /namespaces lists the public namespaces by name in code-unit order, Disabled ones included, each entry as GET /namespaces/{name} answers it (edgeconf's order; the platform's is not public).",
  },
  {
    id: "C.get.case-sensitive",
    area,
    source: "platform",
    text: "The name in a path is matched exactly: another case, a trailing dot or another spelling of a registered name is a namespace that does not exist (404).",
  },
  // --- state machine ---
  {
    id: "C.state.online-on-first-epoch",
    area,
    source: "spec",
    text: "Publication of the first epoch moves a namespace from Initialization to Online.",
  },
  {
    id: "C.disable.any-state",
    area,
    source: "spec",
    text: "PATCH /namespaces/{name} with status Disabled moves the namespace from any state to Disabled and answers the namespace with status Disabled.",
  },
  {
    id: "C.disable.no-exit",
    area,
    source: "platform",
    text: 'A Disabled namespace is read-only: no status other than Disabled can be set on it and no epoch can be published (400 "Namespace is disabled and read-only.", in plain text as the docs show it or as the message of a JSON error).',
  },
  // --- publication ---
  {
    id: "C.publish.first-matches-root",
    area,
    source: "platform",
    text: "The first published epoch must match the namespace root, in number and digest.",
  },
  {
    id: "C.publish.root-as-text",
    area,
    source: "platform",
    text: "The first epoch matches the root as plexi compares them: the root as registered against `<epoch>/<digest in lower-case hex>`, so a root written in upper-case hex is never matched.",
  },
  {
    id: "C.publish.epoch-u64",
    area,
    source: "platform",
    text: "Epochs are u64 as plexi parses them: every integer up to 2^64-1 is read and written exactly, in bodies and in paths.",
  },
  {
    id: "C.publish.consecutive",
    area,
    source: "platform",
    text: "Each later epoch is exactly the previous epoch + 1; an epoch cannot be republished.",
  },
  {
    id: "C.consistency.publish-once",
    area,
    source: "platform",
    text: "Publishing is a compare-and-set: of concurrent publishes of the same next epoch exactly one is accepted, and publishes and audit reads of a namespace are linearizable (every later read answers the accepted digest) (edgeconf check consistency).",
  },
  {
    id: "C.publish.digest",
    area,
    source: "platform",
    text: "A digest is 32 bytes written in hex, and digests are unique within a namespace.",
  },
  {
    id: "C.audit.shape",
    area,
    source: "platform",
    text: "An audit is {version, ciphersuite, namespace, timestamp (ms), epoch, digest (hex), signature (64 bytes hex), key_id (last byte of the auditor's public key), serialized_message}; GET /namespaces/{name}/audits/{epoch} answers it, 404 when unpublished.",
  },
  {
    id: "C.audit.last-verified",
    area,
    source: "platform",
    text: "GET /namespaces/{name}/last-verified-epoch answers the last verified epoch; 404 when there is none.",
  },
  {
    id: "C.audit.last-verified-body",
    area,
    source: "platform",
    text: "GET /namespaces/{name}/last-verified-epoch answers plexi's LastVerifiedEpoch: job_id (a UUID, the same at each read), epoch, start_hash (the previous epoch's digest; for the root epoch its own), end_hash (the epoch's digest), timestamp (ms, when it counted as verified: its publication when the namespace has no log_directory).",
  },
  {
    id: "C.publish.digest-case",
    area,
    source: "platform",
    text: "A digest is read as hex in either case (plexi's hex::serde) and answered in lower case; the same bytes in another case are the same digest (not a new one).",
  },
  {
    id: "C.audit.last-verified-field",
    area,
    source: "platform",
    text: "Once an epoch is verified, GET /namespaces/{name} carries last_verified_epoch, between root and status.",
  },
  {
    id: "C.audit.timestamp-ms",
    area,
    source: "platform",
    text: "An audit's timestamp is the time the auditor received the request, in milliseconds since the Unix epoch (the docs: 1717084639921).",
  },
  // --- signatures ---
  {
    id: "C.signature.v1-protobuf",
    area,
    source: "spec",
    text: "signature_version 1: the audit message is serialised with protobuf and signed with the auditor's Ed25519 key.",
  },
  {
    id: "C.signature.v2-bincode",
    area,
    source: "spec",
    text: "signature_version 2: the audit message is serialised with bincode and signed by the auditor.",
  },
  {
    id: "C.info.auditor-key",
    area,
    source: "platform",
    text: "GET /info gives the auditor's Ed25519 public key (hex), which verifies every audit signature.",
  },
  {
    id: "C.info.logs",
    area,
    source: "platform",
    text: "GET /info's logs lists an identifier per monitored log (64 hex digits in the docs), never a namespace name, and never reveals a namespace that is not public.",
  },
  {
    id: "C.info.not-before",
    area,
    source: "platform",
    text: "Each key of GET /info carries not_before, the time (ms since the Unix epoch) from which it signs: no audit is signed before it.",
  },
  // --- authentication ---
  {
    id: "C.auth.mtls-writes",
    area,
    source: "spec",
    text: "POST and PATCH use mutual TLS: a write without a verified client certificate is refused and changes nothing.",
  },
  {
    id: "C.auth.list-open",
    area,
    source: "spec",
    text: "The list example carries no credential: reading works without a client certificate.",
  },
  {
    id: "C.auth.owner-only",
    area,
    source: "platform",
    text: "Only the log operator that registered a namespace (its certificate identity) can publish to it or disable it; another operator is refused.",
  },
] as const satisfies readonly Clause[];
