/**
 * Realistic values for generated operations, made by faker once with a fixed seed: pools that
 * fast-check picks from (so a sequence is shrinkable and replayable by seed, and the values are
 * the same on every machine). Small pools on purpose: operations collide on names and keys.
 */
import { base, en, Faker } from "@faker-js/faker";

const faker = new Faker({ locale: [en, base] });
faker.seed(15);

const pool = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);
const unique = <T>(xs: T[]): T[] => [...new Set(xs)];

/** DNS labels: faker's domain words (letters, digits, hyphens). */
export const LABELS = unique(pool(12, () => faker.internet.domainWord().toLowerCase())).slice(0, 8);
/** Hostnames outside the zone (CNAME, MX, SRV targets). */
export const HOSTNAMES = unique(pool(8, () => faker.internet.domainName().toLowerCase()));
/** IPv4 addresses as faker draws them: public, private and reserved alike. */
export const IPV4 = [...pool(6, () => faker.internet.ipv4()), "192.0.2.1", "198.51.100.7", "203.0.113.9"];
export const IPV6 = [...pool(4, () => faker.internet.ipv6()), "2001:db8::1"];
/** Free text (TXT contents, comments, object bodies, metadata values). */
export const SENTENCES = pool(6, () => faker.lorem.sentence({ min: 2, max: 8 }));
/** Object keys with shared prefixes, so delimiters and prefixes group something. */
export const OBJECT_KEYS = [
  ...pool(3, () => `${faker.system.directoryPath().slice(1)}/${faker.system.fileName()}`),
  ...pool(3, () => `photos/${faker.system.commonFileName("jpg")}`),
  ...pool(2, () => `photos/2024/${faker.system.commonFileName("png")}`),
  faker.system.commonFileName("json"),
  "a",
  "b/",
];
export const CONTENT_TYPES = ["text/plain", "application/json", "image/png", faker.system.mimeType()];
