/**
 * Carillon's data version (rules, plan, levels as stored, and the pack's `version`) and the
 * steps between versions. Version 1 is the first: there is no step yet. The next change to
 * the rules, plan or level shapes raises the version here and adds its step (docs/data.md).
 */
import type { DataKind } from '../../game';
import { CARILLON_PACK_VERSION } from './pack';

export const CARILLON_DATA_VERSION = CARILLON_PACK_VERSION;

export function migrateCarillon(kind: DataKind, _json: unknown, from: number): unknown {
  throw new Error(`Carillon has no step from data version ${from} for its ${kind}`);
}
