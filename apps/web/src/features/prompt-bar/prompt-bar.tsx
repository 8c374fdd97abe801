import type { LineRange } from '@div/shared/generation';
import { AUTO_PROVIDER } from '@div/shared/model-access';
import { planAllowsRedesign } from '@div/shared/plan-access';
import { type PlanId, plans } from '@div/shared/plans';
import { isStarterSite } from '@div/shared/starter.data';
import { readUpsell, type Upsell, upsellFor } from '@div/shared/upsell';
import { ArrowUp, Globe, Loader2, Square } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { UpsellDialog } from '../../components/upsell-dialog';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { useProfile } from '../../lib/profile';
import { toast } from '../../lib/toast';
import { stopGeneration, useModels } from './api';
import { readChoice, saveChoice } from './choice';
import { doneMessage } from './done-message';
import './locale';
import { errorKind, MessageLog, useMessageLog } from './message-log';
import { PromptChips, type Redesign, RedesignForm } from './redesign-form';
import { type AiChoice, SettingsPopover } from './settings-popover';
import { playDoneSound } from './sound';
import type { StreamView } from './streaming-view';
import { ThinkingPanel } from './thinking-panel';
import { useGeneration } from './use-generation';

export type { StreamView } from './streaming-view';
export { StreamingCode, StreamingPreview } from './streaming-view';

export interface PromptBarProps {
  spaceId: string;
  /** The site's current files (sent as context and used as the base of the streaming view). */
  files: { path: string; content: string }[];
  activeFile: string;
  /** The element handed over from the inspector, to change next. */
  element: { selector: string; html: string; mark?: string } | null;
  /**
   * The answer reached outside the selected element and was not applied (ADR 0201): the editor asks
   * "¿Aplicar igualmente?" and applies the proposed files if the person agrees.
   */
  onOutOfScope?: (question: { prompt: string; message: string; proposal: { path: string; content: string }[] }) => void;
  onClearElement: () => void;
  /**
   * A request sent as if typed and sent here, once the models are known: the brief of a project
   * started on /spaces, the Revisión's "Corregir con IA". Each new request object is sent once;
   * `onRequestTaken` is called as it is, so the caller drops it and a remount never sends it again.
   */
  request?: { text: string; nonce: number } | null;
  onRequestTaken?: () => void;
  /** Saves pending edits so the server generates from what the user sees. */
  beforeGenerate: () => Promise<void>;
  onBusyChange: (busy: boolean) => void;
  onStream: (view: StreamView | null) => void;
  /** A new version exists: reload the files and history, highlight the changed lines. */
  onDone: (result: { versionId: string; updatedLines: Record<string, LineRange[]> }) => void | Promise<void>;
  /** Puts back the version the site had before this generation ('Deshacer' on the success toast). */
  undo?: () => void | Promise<void>;
  onUnauthorized: () => void;
  /**
   * In a shared space (issue 25, ADR 0212): the plan its generations use (the owner's), whose
   * messages they spend (the owner's name, shown under the bar), and who else is generating now
   * (the bar says so and waits: one generation per space).
   */
  sharing?: { plan: PlanId; allowanceOf: string | null; generatingBy: string | null };
}

/** The editor's prompt bar: prompt, AI settings, stop, the thinking panel and the PRO upsell. */
export function PromptBar(props: PromptBarProps) {
  const { t } = useTranslation('prompt-bar');
  const models = useModels();
  const profile = useProfile();
  const plan = props.sharing?.plan ?? ((profile.data?.plan ?? 'free') as PlanId);
  const [prompt, setPrompt] = useState('');
  const [previousPrompt, setPreviousPrompt] = useState<string | undefined>(undefined);
  const [choice, setChoice] = useState<AiChoice | null>(readChoice);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [providerMessage, setProviderMessage] = useState<string | null>(null);
  const [upsell, setUpsell] = useState<Upsell | null>(null);
  const [redesignOpen, setRedesignOpen] = useState(false);
  const [redesign, setRedesign] = useState<Redesign | null>(null);
  const log = useMessageLog();
  const generation = useGeneration({ onStream: props.onStream, onBusyChange: props.onBusyChange });
  // Another member generating: the bar says so and waits (one generation per space).
  const lockedBy = generation.busy ? null : (props.sharing?.generatingBy ?? null);

  // The saved choice must still exist; otherwise the server's default.
  const catalogue = models.data;
  const effective: AiChoice = (() => {
    if (choice && catalogue?.models.some((m) => m.value === choice.model)) return choice;
    return { model: catalogue?.defaultModel ?? '', provider: AUTO_PROVIDER };
  })();
  const model = catalogue?.models.find((m) => m.value === effective.model);
  const canRedesign = planAllowsRedesign(plan);
  const redesignOffer = upsellFor('redesign', plan);
  const redesignPlan = redesignOffer ? plans[redesignOffer.plan].name : '';

  useEffect(() => {
    if (choice) saveChoice(choice);
  }, [choice]);

  const blank = prompt.trim() === '';
  // The starter page is no site yet: the bar asks for the site to create, not for a change (issue 43).
  const hasSite = !isStarterSite(props.files) && props.files.some((f) => /\.html?$/i.test(f.path) && f.content.trim() !== '');

  const submit = async (typed = prompt) => {
    const text = typed.trim();
    if (!text || generation.busy || lockedBy) return;
    try {
      await props.beforeGenerate();
    } catch {
      // Saving failed: generate anyway from what the server has.
    }
    const outcome = await generation.run(
      {
        prompt: text,
        spaceId: props.spaceId,
        ...(effective.model ? { model: effective.model } : {}),
        provider: effective.provider,
        ...(previousPrompt ? { previousPrompt } : {}),
        activeFileId: props.activeFile,
        activeFileType: props.activeFile.slice(props.activeFile.lastIndexOf('.') + 1),
        generateSeparateFiles: true,
        ...(props.element ? { selectedElement: props.element } : {}),
        ...(redesign ? { redesignMarkdown: redesign.markdown } : {}),
      },
      props.files,
    );
    if (outcome.kind === 'done') {
      setPrompt('');
      setPreviousPrompt(text);
      setRedesign(null);
      props.onClearElement();
      playDoneSound();
      // The undo is taken now: it restores the version that was current when this generation started.
      const undo = props.undo;
      // What changed, and which part of the request was not done (then a warning, never "terminado").
      const told = doneMessage(outcome.done, props.files, t);
      log.add({ kind: told.partial ? 'partial' : 'done', prompt: text, text: told.text });
      (told.partial ? toast.warning : toast.success)(
        told.text,
        // One such toast at a time: it waits for its "Deshacer" (lib/toast), the next answer replaces it.
        { id: 'generation-done', ...(undo ? { action: { label: t('undo'), onClick: () => void undo() } } : {}) },
      );
      await props.onDone({ versionId: outcome.done.versionId, updatedLines: outcome.done.updatedLines });
      void profile.refetch();
      return;
    }
    if (outcome.kind === 'stopped') {
      toast.info(t('stopped'));
      log.add({ kind: 'stopped', prompt: text, text: t('stopped') });
      return;
    }
    if (outcome.kind === 'error' && outcome.code === 'OUT_OF_SCOPE' && outcome.proposal && props.onOutOfScope) {
      props.onOutOfScope({ prompt: text, message: outcome.message, proposal: outcome.proposal });
      return;
    }
    const flags =
      outcome.kind === 'error'
        ? outcome
        : outcome.error instanceof ApiError
          ? {
              message: outcome.error.message,
              openSelectProvider: outcome.error.body.openSelectProvider === true,
              upsell: readUpsell(outcome.error.body.upsell),
              status: outcome.error.status,
              code: outcome.error.code,
            }
          : { message: t('failed') };
    log.add({
      kind: errorKind(flags.code, 'status' in flags ? flags.status : undefined),
      prompt: text,
      text: flags.message,
    });
    if ('status' in flags && flags.status === 401) {
      toast.error(flags.message);
      props.onUnauthorized();
    } else if ('upsell' in flags && flags.upsell && !props.sharing?.allowanceOf) {
      // The dialog says why in the interface's language (the server's text is Spanish) and what to buy.
      setUpsell(flags.upsell);
    } else if ('openSelectProvider' in flags && flags.openSelectProvider) {
      setProviderMessage(flags.message);
      setSettingsOpen(true);
    } else {
      toast.error(flags.message);
    }
  };

  // One way in for a request that was not typed here (issue 42): the brief a project started from,
  // another feature's request. It goes as a typed one (the same charge, the same refusals), once the
  // model list is known, and is taken at once, so a remount or a reload never sends it twice.
  const requested = useRef<typeof props.request>(null);
  const { request, onRequestTaken } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request, or the models arriving, sends
  useEffect(() => {
    if (!request || request === requested.current || !catalogue) return;
    requested.current = request;
    onRequestTaken?.();
    setPrompt(request.text);
    void submit(request.text);
  }, [request, catalogue]);

  const stop = () => {
    generation.stop();
    void stopGeneration(props.spaceId).catch(() => {});
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const status =
    generation.phase === 'idle'
      ? lockedBy
        ? t('lockedBy', { name: lockedBy })
        : null
      : generation.phase === 'stopping'
        ? t('state.stopping')
        : generation.phase === 'coding'
          ? t('state.coding')
          : generation.phase === 'applying'
            ? t('state.applying')
            : t('state.thinking');

  return (
    <div data-slot="prompt-bar" className="border-t border-gray-200 bg-white px-3 py-2 dark:border-gray-800 dark:bg-gray-900">
      {generation.thinking && <ThinkingPanel thinking={generation.thinking} />}
      <PromptChips
        element={props.element}
        redesign={redesign}
        onClearElement={props.onClearElement}
        onClearRedesign={() => setRedesign(null)}
      />
      {redesignOpen && canRedesign && (
        <RedesignForm
          onLoaded={(loaded) => {
            setRedesign(loaded);
            setRedesignOpen(false);
          }}
          onUpsell={setUpsell}
        />
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="flex items-end gap-2"
      >
        <SettingsPopover
          open={settingsOpen}
          onOpenChange={(open) => {
            setSettingsOpen(open);
            if (!open) setProviderMessage(null);
          }}
          catalogue={catalogue}
          plan={plan}
          choice={effective}
          onChange={(next) => {
            setChoice(next);
            setProviderMessage(null);
          }}
          message={providerMessage}
          disabled={generation.busy}
        />
        <button
          type="button"
          onClick={() => {
            if (canRedesign) {
              setRedesignOpen((v) => !v);
            } else {
              setUpsell(redesignOffer);
            }
          }}
          disabled={generation.busy}
          aria-label={t('redesign')}
          aria-expanded={redesignOpen}
          title={canRedesign ? t('redesign') : `${t('redesign')} · ${t('redesignPro', { plan: redesignPlan })}`}
          className="rounded-lg p-2 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50 dark:text-gray-300 dark:hover:bg-gray-800"
        >
          <Globe className="size-4" aria-hidden />
        </button>
        <MessageLog entries={log.entries} />
        <div className="relative min-w-0 flex-1">
          <label htmlFor="prompt-input" className="sr-only">
            {t('label')}
          </label>
          <textarea
            id="prompt-input"
            rows={1}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            onKeyDown={onKeyDown}
            disabled={generation.busy || lockedBy !== null}
            placeholder={status ?? (hasSite ? t('placeholderFollowUp') : t('placeholder'))}
            className="block max-h-40 min-h-10 w-full resize-none rounded-xl border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-400 focus:border-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40 disabled:bg-gray-50 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100 dark:disabled:bg-gray-900"
          />
        </div>
        {model && <ModelName label={model.label} />}
        {generation.busy ? (
          <button
            key="stop"
            type="button"
            onClick={(event) => {
              // The bar re-renders synchronously when the stream ends; this click must never submit the form.
              event.preventDefault();
              stop();
            }}
            aria-label={t('stop')}
            title={t('stop')}
            className="inline-flex items-center gap-2 rounded-xl bg-red-600 px-3 py-2 text-sm font-semibold text-white hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500"
          >
            <Square className="size-4 fill-current" aria-hidden />
            <span className="hidden sm:inline">{t('stop')}</span>
          </button>
        ) : (
          <button
            key="send"
            type="submit"
            disabled={blank || lockedBy !== null}
            aria-label={t('send')}
            title={t('send')}
            className="rounded-xl bg-indigo-600 p-2.5 text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:bg-gray-300 dark:disabled:bg-gray-700"
          >
            <ArrowUp className="size-4" aria-hidden />
          </button>
        )}
      </form>
      {status && (
        <p
          role="status"
          data-testid="generation-status"
          className="mt-1 flex items-center gap-1.5 text-xs text-indigo-700 dark:text-indigo-300"
        >
          <Loader2 className="size-3 animate-spin" aria-hidden />
          {status}
        </p>
      )}
      {props.sharing?.allowanceOf && !status && (
        <p data-testid="allowance-owner" className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          {t('ownerAllowance', { name: props.sharing.allowanceOf })}
        </p>
      )}
      <UpsellDialog
        upsell={upsell}
        current={plan}
        model={model?.label}
        onOpenChange={(open) => {
          if (!open) setUpsell(null);
        }}
      />
    </div>
  );
}

/**
 * The model's name beside the prompt. A parenthesised note ("Compositor local (sin modelo de IA)") is
 * left to the tooltip and to screen readers, so what shows is short and never cut off mid-word.
 */
function ModelName({ label }: { label: string }) {
  const match = /^(.+?)\s*(\(.*\))$/.exec(label);
  const shown = match?.[1] ?? label;
  return (
    <span
      data-testid="prompt-model"
      className="hidden shrink-0 whitespace-nowrap pb-2.5 text-xs text-gray-500 md:inline dark:text-gray-400"
      title={label}
    >
      {shown}
      {match && <span className="sr-only"> {match[2]}</span>}
    </span>
  );
}
