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
    text: "name, root and signature_version are required on creation, and public is listed as required; a body missing one is refused and registers nothing.",
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
    text: "When log_directory is set, the service fetches audit proofs from it and validates them.",
    untestable:
      "needs a log directory serving real audit proofs; the simulator does not fetch (no network) and treats published epochs as verified",
  },
  {
    id: "C.field.public",
    area,
    source: "spec",
    text: "public is a required creation field (edgeconf reads it as a boolean deciding whether GET /namespaces lists the namespace).",
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
    source: "spec",
    text: "Create and disable responses write status capitalised (Initialization, Disabled); list responses may write it in lower case.",
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
    text: 'A Disabled namespace is read-only: no status other than Disabled can be set on it and no epoch can be published (400 "Namespace is disabled and read-only.").',
  },
  // --- publication ---
  {
    id: "C.publish.first-matches-root",
    area,
    source: "platform",
    text: "The first published epoch must match the namespace root, in number and digest.",
  },
  {
    id: "C.publish.consecutive",
    area,
    source: "platform",
    text: "Each later epoch is exactly the previous epoch + 1; an epoch cannot be republished.",
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
