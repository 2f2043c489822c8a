/** Candidate details by id, fetched once per page view and kept (they never change but for verdicts). */
import type { CandidateDetail } from '../../../src-shared/api';
import { studio } from './studio.svelte';

export function candidateCache(): (id: number) => Promise<CandidateDetail> {
  const cache = new Map<number, Promise<CandidateDetail>>();
  return (id) => {
    let hit = cache.get(id);
    if (!hit) {
      hit = studio.client.call('candidates.get', { candidateId: id });
      // A failed fetch is not remembered, so the next look tries again.
      hit.catch(() => cache.delete(id));
      cache.set(id, hit);
    }
    return hit;
  };
}
