/**
 * Own data properties on plain objects built from untrusted keys (snapshots, customMetadata).
 *
 * Gaps / by design: only the key `__proto__` needs the slow path (plain assignment would set the
 * prototype instead of making a key); every other key is assigned.
 */

/** Sets an own, enumerable data property: a key `__proto__` stays a key and never sets a prototype. */
export function ownData<T>(o: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__")
    Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}
