// The route paths moved to src/lib/paths.ts, where features may import them (ADR 0285). This
// re-export stays only for editor-workspace.tsx, which another session is changing; it goes once
// that file imports lib/paths.
export { paths } from '../lib/paths';
