/**
 * The checksums of playtests: sha256 as hex (@noble/hashes, pure, so the offline page, the
 * studio and the CLI compute the same figure without node:crypto or a secure context) over
 * UTF-8 text, and a canonical JSON (keys sorted) so the same attempts hash the same however
 * their objects were built.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** JSON with every object's keys in sorted order (arrays keep theirs); `undefined` fields are left out. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = sortKeys(v);
    }
    return out;
  }
  return value;
}
