import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PromptBar, type PromptBarProps } from './prompt-bar';

const models = {
  models: [
    {
      value: 'div-local-composer',
      label: 'Compositor local (sin modelo de IA)',
      providers: [],
      autoProvider: null,
      isNew: false,
      isThinker: false,
      tier: 'basic',
      maxTokens: 1_000_000,
      kind: 'composer',
    },
  ],
  providers: [],
  defaultModel: 'div-local-composer',
  defaultProvider: 'auto',
  routerConfigured: false,
};

/** The server as the browser sees it: JSON for the catalogue and profile, a scripted answer for generations. */
function serve(generate: () => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/ai/models') return Response.json(models);
      if (url === '/api/user/profile') return Response.json({ plan: 'free', messagesUsed: 0, messagesLimit: 100 });
      if (url === '/api/ask-ai/generate-separate-files') return generate();
      return Response.json({ stopped: true });
    }),
  );
  return calls;
}

function ndjson(events: object[], gapMs = 0): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const event of events) {
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
        controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      }
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } });
}

function renderBar(overrides: Partial<PromptBarProps> = {}) {
  const props: PromptBarProps = {
    spaceId: 's1',
    files: [{ path: 'index.html', content: '' }],
    activeFile: 'index.html',
    element: null,
    onClearElement: vi.fn(),
    beforeGenerate: vi.fn(async () => {}),
    onBusyChange: vi.fn(),
    onStream: vi.fn(),
    onDone: vi.fn(),
    onUnauthorized: vi.fn(),
    ...overrides,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <PromptBar {...props} /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return props;
}

/** Hands the bar a request, as the editor store does (set by Harness). */
let hand: (request: PromptBarProps['request']) => void = () => {};
/** The bar under a holder of its `request` (as the editor store), which starts with the project's brief. */
function Harness({ brief }: { brief: string }) {
  const [request, setRequest] = useState<PromptBarProps['request']>({ text: brief, nonce: 1 });
  hand = setRequest;
  return (
    <PromptBar
      spaceId="s1"
      files={[{ path: 'index.html', content: '' }]}
      activeFile="index.html"
      element={null}
      request={request}
      onRequestTaken={() => setRequest(null)}
      onClearElement={() => {}}
      beforeGenerate={async () => {}}
      onBusyChange={() => {}}
      onStream={() => {}}
      onDone={() => {}}
      onUnauthorized={() => {}}
    />
  );
}

const input = () => screen.getByLabelText('Describe tu sitio o el cambio que quieres') as HTMLTextAreaElement;

describe('PromptBar', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('one way in for a prompt not typed here: the brief at mount and a later request each go once, as if typed', async () => {
    const calls = serve(() =>
      Response.json({ message: 'El compositor local no sabe hacer esto.', code: 'BAD_REQUEST' }, { status: 422 }),
    );
    const generations = () => calls.filter((c) => c.url === '/api/ask-ai/generate-separate-files');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const brief = 'Una panadería en Sevilla';
    const router = createMemoryRouter([{ path: '/', element: <Harness brief={brief} /> }]);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    // The brief goes once the models are known, and is taken (the holder drops it).
    await waitFor(() => expect(generations()).toHaveLength(1));
    expect(generations()[0]?.body).toMatchObject({ prompt: brief });
    const text = 'Corrige estos problemas: index.html, línea 4: Enlace roto';
    const request = { text, nonce: 1 };
    act(() => hand(request));
    await waitFor(() => expect(generations()).toHaveLength(2));
    expect(generations()[1]?.body).toMatchObject({ prompt: text });
    // Refused: the request stays in the box, as a typed one does.
    await waitFor(() => expect(input().value).toBe(text));
    // The same request handed again is not sent again.
    act(() => hand(request));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(generations()).toHaveLength(2);
  });

  it('keeps every answer of the session in "Mensajes de la sesión", refusals and errors included, to read again', async () => {
    let answer = 0;
    serve(() => {
      answer++;
      if (answer === 1) return ndjson([{ type: 'done', versionId: 'v', messagesUsed: 1, messagesLimit: 100 }]);
      if (answer === 2)
        return ndjson([
          { type: 'error', code: 'NOT_UNDERSTOOD', message: 'No sé cambiar el clima del sitio: prueba con un color.' },
        ]);
      return Response.json({ message: 'Algo falló en el servidor.', code: 'INTERNAL' }, { status: 500 });
    });
    renderBar();
    await screen.findByTestId('prompt-model');
    for (const text of ['Una web', 'Pon el clima soleado', 'Otra cosa']) {
      fireEvent.change(input(), { target: { value: text } });
      fireEvent.keyDown(input(), { key: 'Enter' });
      await waitFor(() => expect(screen.getByTestId('message-log-button').getAttribute('aria-label')).toMatch(/\d/));
      await waitFor(() => expect(input().disabled).toBe(false));
    }
    await waitFor(() =>
      expect(screen.getByTestId('message-log-button').getAttribute('aria-label')).toBe('Mensajes de la sesión: 3 respuestas'),
    );
    fireEvent.click(screen.getByTestId('message-log-button'));
    const log = await screen.findByRole('dialog', { name: 'Mensajes de la sesión' });
    const items = [...log.querySelectorAll('li')];
    expect(items.map((item) => item.dataset.kind)).toEqual(['error', 'refused', 'done']);
    expect(items[1]?.textContent).toContain('Pon el clima soleado');
    expect(items[1]?.textContent).toContain('No sé cambiar el clima del sitio: prueba con un color.');
    expect(items[1]?.textContent).toContain('No se hizo');
    expect(items[0]?.textContent).toContain('Algo falló en el servidor.');
  });

  it('blocks blank prompts; Enter sends, Shift+Enter does not', async () => {
    const calls = serve(() => ndjson([{ type: 'done', versionId: 'v', messagesUsed: 1, messagesLimit: 100 }]));
    renderBar();
    // The model's name shows whole and short; its note is in the tooltip and for screen readers.
    const model = await screen.findByTestId('prompt-model');
    expect(model.textContent).toBe('Compositor local (sin modelo de IA)');
    expect(model.getAttribute('title')).toBe('Compositor local (sin modelo de IA)');
    expect(model.className).not.toMatch(/truncate|max-w/);
    expect(model.firstChild?.textContent).toBe('Compositor local');
    expect(model.querySelector('.sr-only')?.textContent).toBe(' (sin modelo de IA)');
    expect((screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input(), { target: { value: 'Una web' } });
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(calls.some((c) => c.url.includes('generate'))).toBe(false);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(calls.some((c) => c.url.includes('generate'))).toBe(true));
    const sent = calls.find((c) => c.url.includes('generate'))?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ prompt: 'Una web', spaceId: 's1', model: 'div-local-composer', provider: 'auto' });
  });

  it('follows the stream at most every 300 ms, then reports the new version and clears the prompt', async () => {
    const events = [
      { type: 'code', path: 'index.html', delta: '' },
      ...Array.from({ length: 40 }, (_, i) => ({ type: 'code', path: 'index.html', delta: `<p>${i}</p>\n` })),
      { type: 'files', files: [{ path: 'index.html', content: 'x' }], updatedLines: { 'index.html': [[1, 40]] } },
      { type: 'done', versionId: 'v2', messagesUsed: 1, messagesLimit: 100 },
    ];
    serve(() => ndjson(events, 20));
    const props = renderBar();
    fireEvent.change(input(), { target: { value: 'Una web' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(props.onDone).toHaveBeenCalled(), { timeout: 5000 });
    const streamed = (props.onStream as ReturnType<typeof vi.fn>).mock.calls.filter((c) => c[0] !== null);
    // About 840 ms of streaming: at most 4 updates (leading one plus one per 300 ms).
    expect(streamed.length).toBeGreaterThanOrEqual(2);
    expect(streamed.length).toBeLessThanOrEqual(4);
    expect(streamed.at(-1)?.[0].files['index.html']).toContain('<p>');
    expect(props.onDone).toHaveBeenCalledWith({ versionId: 'v2', updatedLines: { 'index.html': [[1, 40]] } });
    expect(props.onBusyChange).toHaveBeenCalledWith(true);
    expect(props.onBusyChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(input().value).toBe(''));
  });

  it('shows a follow-up edit in the preview as soon as its file is edited, keeping the other files', async () => {
    const base = [
      { path: 'index.html', content: '<h1>Hola</h1>\n' },
      { path: 'style.css', content: 'h1 { color: red; }\n' },
    ];
    const events = [
      { type: 'edited', path: 'style.css', content: 'h1 { color: blue; }\n' },
      { type: 'keepalive' },
      {
        type: 'files',
        files: [{ path: 'style.css', content: 'h1 { color: blue; }\n' }],
        updatedLines: { 'style.css': [[1, 1]] },
      },
      { type: 'done', versionId: 'v3', messagesUsed: 2, messagesLimit: 100 },
    ];
    serve(() => ndjson(events, 400));
    const props = renderBar({ files: base });
    fireEvent.change(input(), { target: { value: 'El título en azul' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    const onStream = props.onStream as ReturnType<typeof vi.fn>;
    await waitFor(() => expect(onStream.mock.calls.some((c) => c[0] !== null)).toBe(true), { timeout: 3000 });
    // Before the answer is done, the preview already has the edited file and the untouched one.
    expect(props.onDone).not.toHaveBeenCalled();
    const view = onStream.mock.calls.find((c) => c[0] !== null)?.[0];
    expect(view.files).toEqual({ 'index.html': '<h1>Hola</h1>\n', 'style.css': 'h1 { color: blue; }\n' });
    expect(view.writing).toBe('style.css');
    await waitFor(() => expect(props.onDone).toHaveBeenCalled(), { timeout: 5000 });
  });

  it('after a failed stream keeps the prompt and leaves no plan or half-streamed code behind', async () => {
    const events = [
      { type: 'thinking', text: 'Plan: cambiar el título.' },
      { type: 'code', path: 'index.html', delta: '<h1>Med' },
      { type: 'error', message: 'El proveedor de IA dejó de responder.', code: 'UPSTREAM_STALLED' },
    ];
    serve(() => ndjson(events, 50));
    const props = renderBar();
    fireEvent.change(input(), { target: { value: 'Cambia el título' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await screen.findByTestId('thinking-panel');
    await waitFor(() => expect(props.onBusyChange).toHaveBeenLastCalledWith(false), { timeout: 3000 });
    expect(screen.queryByTestId('thinking-panel')).toBeNull();
    expect(screen.queryByTestId('generation-status')).toBeNull();
    expect((props.onStream as ReturnType<typeof vi.fn>).mock.calls.at(-1)?.[0]).toBeNull();
    expect(input().value).toBe('Cambia el título');
    expect(input().disabled).toBe(false);
    expect(props.onDone).not.toHaveBeenCalled();
  });

  it('opens the upsell naming the cheapest plan at its catalogue price, and the settings on openSelectProvider', async () => {
    let answer = Response.json(
      {
        message: 'Alcanzaste el límite de mensajes de tu plan este mes.',
        code: 'QUOTA_EXCEEDED',
        openProModal: true,
        upsell: { reason: 'messages', plan: 'small' },
      },
      { status: 429 },
    );
    serve(() => answer);
    renderBar();
    fireEvent.change(input(), { target: { value: 'Una web' } });
    await act(async () => fireEvent.keyDown(input(), { key: 'Enter' }));
    const dialog = await screen.findByTestId('pro-dialog');
    expect(screen.getByRole('heading', { name: 'Mejora al plan Pequeño' })).toBeTruthy();
    expect(dialog.textContent).toContain('Has usado los 100 mensajes de este mes de tu plan Gratis.');
    expect(screen.getByTestId('upsell-unlocks').textContent).toBe('500 mensajes al mes');
    expect(screen.getByTestId('upsell-price').textContent).toBe('$10');
    expect(screen.getByRole('button', { name: 'Mejorar a Pequeño por $10/mes' })).toBeTruthy();
    expect(dialog.textContent).not.toContain('$9');
    fireEvent.click(screen.getByRole('button', { name: 'Ahora no' }));

    answer = Response.json({ message: 'Groq no ofrece el modelo.', openSelectProvider: true }, { status: 400 });
    await act(async () => fireEvent.keyDown(input(), { key: 'Enter' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Groq no ofrece el modelo.'));
    expect(screen.getByLabelText('Modelo')).toBeTruthy();
  });
});
