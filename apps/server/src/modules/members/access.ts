// Space access moved to the ground floor, lib/space-access.ts (ADR 0284). This re-export stays only
// for modules/git, which another session is changing; it goes once git imports lib/space-access.
export { checkRole, findSpaceAccess, requireSpaceAccess, type SpaceAccess, spaceRole } from '../../lib/space-access';
