// The guarded fetch moved to the ground floor, lib/guarded-fetch.ts (ADR 0284). This re-export stays
// only for modules/git, which another session is changing; it goes once git imports lib/guarded-fetch.
export { guardedFetch } from '../../lib/guarded-fetch';
