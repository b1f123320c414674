/** An id (or any text from the server) as the short key the polling trigger's state keeps. */
import { createHash } from 'node:crypto';

/** Characters of a hash kept for an id (48 bits: a collision among 100,000 facts is about one in 50,000 years of polls). */
export const HASH_CHARS = 8;

export const shortHash = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, HASH_CHARS);

export const hashes = (ids: string[]): string[] => ids.map(shortHash);
