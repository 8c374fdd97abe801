import { type Extension, Prec } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { DOC_FILES, type Presence, type RealtimeEvent, textChange } from '@div/shared/realtime';
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next';
import * as Y from 'yjs';
import { LiveConnection, type LiveStatus } from './live-connection';

/** Someone else in the space now. */
export interface Peer {
  clientId: number;
  id: string;
  name: string;
  picture: string | null;
  color: string;
  file: string | null;
  generating: boolean;
}

export interface LiveSnapshot {
  status: LiveStatus;
  /** True once the first sync is done: from then on the document is the editor's files. */
  ready: boolean;
  files: { path: string; content: string }[];
  peers: Peer[];
  unsaved: boolean;
}

/** Colours people get in the editor (cursors, avatars), chosen by their id; dark enough for white text. */
const COLORS = ['#b91c1c', '#c2410c', '#a16207', '#15803d', '#0f766e', '#0369a1', '#4338ca', '#7e22ce', '#be185d'];
export function colorOf(id: string): string {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) | 0;
  return COLORS[Math.abs(hash) % COLORS.length] ?? '#4338ca';
}

const byEditorOrder = (a: string, b: string) => (a === 'index.html' ? -1 : b === 'index.html' ? 1 : a.localeCompare(b, 'en'));

/** Turns the text into `next` with one change (see textChange). */
function replaceText(text: Y.Text, next: string) {
  const change = textChange(text.toString(), next);
  if (!change) return;
  text.doc?.transact(() => {
    if (change.removed > 0) text.delete(change.start, change.removed);
    if (change.inserted) text.insert(change.start, change.inserted);
  });
}

/**
 * A space's shared document in the browser (issue 25, ADR 0213): its files, who else is here, the
 * CodeMirror binding of each file, and this person's presence. Loaded on demand by the editor.
 */
export class LiveSpace {
  readonly doc = new Y.Doc();
  readonly connection: LiveConnection;
  private snapshot: LiveSnapshot = { status: 'connecting', ready: false, files: [], peers: [], unsaved: false };
  private readonly listeners = new Set<() => void>();
  private readonly bindings = new Map<string, { text: Y.Text; extension: Extension }>();
  private me: Presence['user'];

  constructor(spaceId: string, token: () => string | null, person: { name: string; picture: string | null }) {
    this.connection = new LiveConnection(this.doc, spaceId, token);
    const color = colorOf(person.name);
    this.me = { id: '', name: person.name, picture: person.picture, color, colorLight: `${color}33` };
    this.connection.awareness.setLocalState({ user: this.me, file: null, generating: false } satisfies Presence);
    this.doc.on('update', this.refresh);
    this.connection.awareness.on('change', this.refresh);
    this.connection.subscribe(this.refresh);
    this.connection.onEvent((event) => {
      if (event.type !== 'welcome') return;
      const color = colorOf(event.userId);
      this.me = { ...this.me, id: event.userId, color, colorLight: `${color}33` };
      this.connection.awareness.setLocalStateField('user', this.me);
    });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;

  onEvent(listener: (event: RealtimeEvent) => void) {
    return this.connection.onEvent(listener);
  }

  private refresh = () => {
    const previous = this.snapshot;
    const map = this.doc.getMap<Y.Text>(DOC_FILES);
    const files = [...map.keys()].sort(byEditorOrder).map((path) => {
      const content = map.get(path)?.toString() ?? '';
      const before = previous.files.find((file) => file.path === path);
      return before && before.content === content ? before : { path, content };
    });
    const peers: Peer[] = [];
    for (const [clientId, state] of this.connection.awareness.getStates()) {
      const presence = state as Partial<Presence>;
      if (clientId === this.doc.clientID || !presence.user) continue;
      peers.push({
        clientId,
        id: presence.user.id,
        name: presence.user.name,
        picture: presence.user.picture ?? null,
        color: presence.user.color,
        file: presence.file ?? null,
        generating: presence.generating === true,
      });
    }
    const status = this.connection.status;
    this.snapshot = {
      status,
      ready: previous.ready || status === 'synced',
      files: files.length === previous.files.length && files.every((f, i) => f === previous.files[i]) ? previous.files : files,
      peers,
      unsaved: this.connection.unsaved,
    };
    for (const listener of this.listeners) listener();
  };

  /** The file's text now (the editor's first content for it). */
  textOf(path: string): string {
    return this.doc.getMap<Y.Text>(DOC_FILES).get(path)?.toString() ?? '';
  }

  /** CodeMirror's binding to the file: shared text, the others' cursors, undo of one's own edits only. */
  extensionFor(path: string): Extension | null {
    const text = this.doc.getMap<Y.Text>(DOC_FILES).get(path);
    if (!text) return null;
    const known = this.bindings.get(path);
    if (known && known.text === text) return known.extension;
    const extension = [
      Prec.high(keymap.of(yUndoManagerKeymap)),
      yCollab(text, this.connection.awareness, { undoManager: new Y.UndoManager(text) }),
    ];
    this.bindings.set(path, { text, extension });
    return extension;
  }

  setFile(file: string | null) {
    this.connection.awareness.setLocalStateField('file', file);
  }

  setGenerating(generating: boolean) {
    this.connection.awareness.setLocalStateField('generating', generating);
  }

  /** Sets a file's content from outside the code editor (an AI fix) and saves it. */
  async put(path: string, content: string): Promise<boolean> {
    const map = this.doc.getMap<Y.Text>(DOC_FILES);
    const text = map.get(path);
    if (text) replaceText(text, content);
    else map.set(path, new Y.Text(content));
    return this.connection.flush();
  }

  flush(): Promise<boolean> {
    return this.connection.flush();
  }

  destroy() {
    this.connection.destroy();
    this.doc.destroy();
  }
}
