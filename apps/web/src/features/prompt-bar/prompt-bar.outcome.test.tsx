import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PromptBar, type PromptBarProps } from './prompt-bar';

/** What a person sees at the end of a follow-up (issue 20): 'Deshacer' after success, the preview taken back after a refusal. */

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

function serve(events: object[], gapMs = 0) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/ai/models') return Response.json(models);
      if (url === '/api/user/profile') return Response.json({ plan: 'free', messagesUsed: 0, messagesLimit: 100 });
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
    }),
  );
}

function renderBar(overrides: Partial<PromptBarProps>) {
  const props: PromptBarProps = {
    spaceId: 's1',
    files: [{ path: 'index.html', content: '<h1>Hola</h1>\n' }],
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
      <Toaster />
    </QueryClientProvider>,
  );
  return props;
}

const send = (text: string) => {
  const input = screen.getByLabelText('Describe tu sitio o el cambio que quieres');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe('the outcome of a follow-up', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers "Deshacer" on the success toast, which restores the version from before the generation', async () => {
    serve([
      { type: 'files', files: [{ path: 'index.html', content: '<h1>Adiós</h1>\n' }], updatedLines: { 'index.html': [[1, 1]] } },
      { type: 'done', versionId: 'v3', messagesUsed: 2, messagesLimit: 100 },
    ]);
    const undo = vi.fn();
    renderBar({ undo });
    send('Cambia el título');
    const button = await screen.findByRole('button', { name: 'Deshacer' }, { timeout: 3000 });
    expect(undo).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('takes a refused answer’s streamed edits back out of the preview', async () => {
    serve(
      [
        { type: 'edited', path: 'index.html', content: '<h1>Medio aplicado</h1>\n' },
        { type: 'reverted' },
        { type: 'keepalive' },
        { type: 'error', message: 'La respuesta de la IA se cortó antes de terminar.', code: 'CUT_OFF' },
      ],
      350,
    );
    const props = renderBar({});
    send('Cambia el título');
    const onStream = props.onStream as ReturnType<typeof vi.fn>;
    await waitFor(
      () => expect(onStream.mock.calls.some((c) => c[0]?.files['index.html'] === '<h1>Medio aplicado</h1>\n')).toBe(true),
      {
        timeout: 3000,
      },
    );
    await waitFor(() => expect(onStream.mock.calls.some((c) => c[0]?.files['index.html'] === '<h1>Hola</h1>\n')).toBe(true), {
      timeout: 3000,
    });
    await waitFor(() => expect(props.onBusyChange).toHaveBeenLastCalledWith(false), { timeout: 3000 });
    expect(props.onDone).not.toHaveBeenCalled();
  });
});
