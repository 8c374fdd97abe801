import { readUpsell, type Upsell } from '@div/shared/upsell';
import { Loader2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { fetchRedesign } from './api';
import './locale';

export interface Redesign {
  url: string;
  markdown: string;
}

/** "Rediseñar desde una URL": loads a page as markdown for the next generation to redesign. */
export function RedesignForm({
  onLoaded,
  onUpsell,
}: {
  onLoaded: (redesign: Redesign) => void;
  onUpsell: (upsell: Upsell) => void;
}) {
  const { t } = useTranslation('prompt-bar');
  const [url, setUrl] = useState('');
  const [loading, setLoading] = useState(false);
  const load = async (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    if (!address) return;
    setLoading(true);
    try {
      const answer = await fetchRedesign(address);
      onLoaded({ url: address, markdown: answer.markdown });
      toast.success(t('redesignLoaded'));
    } catch (error) {
      const upsell = error instanceof ApiError ? readUpsell(error.body.upsell) : null;
      if (upsell) onUpsell(upsell);
      else toast.error(t('redesignError'), { description: error instanceof Error ? error.message : undefined });
    } finally {
      setLoading(false);
    }
  };
  return (
    <form onSubmit={(e) => void load(e)} className="mb-2 flex gap-2">
      <label htmlFor="redesign-url" className="sr-only">
        {t('redesign')}
      </label>
      <input
        id="redesign-url"
        type="url"
        required
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        placeholder={t('redesignPlaceholder')}
        className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-800"
      />
      <button
        type="submit"
        disabled={loading}
        className="rounded-lg bg-gray-900 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50 dark:bg-gray-100 dark:text-gray-900"
      >
        {loading ? <Loader2 className="size-4 animate-spin" aria-hidden /> : t('redesignLoad')}
      </button>
    </form>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** What the next generation carries besides the prompt: the element picked, the page to redesign. */
export function PromptChips({
  element,
  redesign,
  onClearElement,
  onClearRedesign,
}: {
  element: { selector: string } | null;
  redesign: Redesign | null;
  onClearElement: () => void;
  onClearRedesign: () => void;
}) {
  const { t } = useTranslation('prompt-bar');
  if (!element && !redesign) return null;
  return (
    <div className="mb-2 flex flex-wrap gap-2">
      {element && (
        <span
          data-testid="prompt-element"
          className="inline-flex max-w-xs items-center gap-1 truncate rounded-full bg-indigo-50 px-2 py-1 text-xs text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
        >
          {t('element', { selector: element.selector })}
          <button type="button" aria-label={t('clearElement')} onClick={onClearElement}>
            <X className="size-3" aria-hidden />
          </button>
        </span>
      )}
      {redesign && (
        <span className="inline-flex max-w-xs items-center gap-1 truncate rounded-full bg-fuchsia-50 px-2 py-1 text-xs text-fuchsia-700 dark:bg-fuchsia-950 dark:text-fuchsia-300">
          {t('redesignReady', { host: hostOf(redesign.url) })}
          <button type="button" aria-label={t('redesignClear')} onClick={onClearRedesign}>
            <X className="size-3" aria-hidden />
          </button>
        </span>
      )}
    </div>
  );
}
