import { beforeEach, describe, expect, it } from 'vitest';
import { applyEdits, clearDraft, readDraft, resolveDraft, writeDraft } from './drafts';

const server = [
  { path: 'index.html', content: '<h1>a</h1>' },
  { path: 'style.css', content: 'h1{}' },
];

describe('drafts', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips through localStorage per space', () => {
    writeDraft('s1', { baseRevision: 3, files: { 'index.html': 'x' }, updatedAt: 1 });
    expect(readDraft('s1')?.files['index.html']).toBe('x');
    expect(readDraft('s2')).toBeNull();
    clearDraft('s1');
    expect(readDraft('s1')).toBeNull();
    localStorage.setItem('div_editor_draft:s3', '{broken');
    expect(readDraft('s3')).toBeNull();
  });

  it('reapplies a draft made on the current revision', () => {
    const result = resolveDraft(server, 4, { baseRevision: 4, files: { 'style.css': 'h1{color:red}' }, updatedAt: 1 });
    expect(result).toEqual({
      kind: 'apply',
      files: [server[0], { path: 'style.css', content: 'h1{color:red}' }],
      dirty: ['style.css'],
    });
  });

  it('asks about a draft made on an older revision instead of overwriting', () => {
    const draft = { baseRevision: 2, files: { 'index.html': 'mine' }, updatedAt: 1 };
    expect(resolveDraft(server, 5, draft)).toEqual({ kind: 'conflict', draft });
  });

  it('ignores a draft the server already has', () => {
    expect(resolveDraft(server, 1, { baseRevision: 0, files: { 'index.html': '<h1>a</h1>' }, updatedAt: 1 })).toEqual({
      kind: 'none',
    });
    expect(resolveDraft(server, 1, null)).toEqual({ kind: 'none' });
  });

  it('applies edits keeping order and adding new files', () => {
    expect(applyEdits(server, { 'about.html': 'b', 'index.html': 'c' }).map((f) => `${f.path}=${f.content}`)).toEqual([
      'index.html=c',
      'style.css=h1{}',
      'about.html=b',
    ]);
  });
});
