import { COPY_CONFIRMATION_MS } from '@div/shared/constants';
import { clsx } from 'clsx';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { Snippet } from './snippets';
import './locale';

/** A code sample with tabs (SDK / REST) and a copy button that confirms for 2 seconds. */
export function CodeBlock({ snippets }: { snippets: Snippet[] }) {
  const { t } = useTranslation('developers');
  const [active, setActive] = useState(0);
  const [copied, setCopied] = useState(false);
  const baseId = useId();
  const snippet = snippets[active] ?? snippets[0];

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  if (!snippet) return null;
  const code = (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code sample must be reachable by keyboard
    <pre tabIndex={0} className="overflow-x-auto p-4 text-[13px] leading-relaxed">
      <code data-language={snippet.language}>{snippet.code}</code>
    </pre>
  );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet.code);
      setCopied(true);
    } catch {}
  };

  return (
    <div className="overflow-hidden rounded-xl border border-slate-800 bg-slate-950 text-slate-100">
      <div className="flex items-center justify-between gap-2 border-slate-800 border-b px-2 py-1.5">
        {snippets.length > 1 ? (
          <div role="tablist" aria-label={t('snippetTabs')} className="flex gap-1">
            {snippets.map((s, index) => (
              <button
                key={s.id}
                type="button"
                role="tab"
                id={`${baseId}-tab-${s.id}`}
                aria-selected={index === active}
                aria-controls={`${baseId}-panel`}
                onClick={() => setActive(index)}
                className={clsx(
                  'rounded-md px-3 py-1 font-medium text-xs',
                  index === active ? 'bg-slate-800 text-white' : 'text-slate-400 hover:text-white',
                )}
              >
                {s.label}
              </button>
            ))}
          </div>
        ) : (
          <span className="px-2 font-medium text-slate-400 text-xs">{snippet.label}</span>
        )}
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={t('copyLabel', { label: snippet.label })}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-slate-300 text-xs hover:bg-slate-800 hover:text-white"
        >
          {copied ? <Check aria-hidden="true" className="size-3.5" /> : <Copy aria-hidden="true" className="size-3.5" />}
          {copied ? t('copied') : t('copy')}
        </button>
      </div>
      {snippets.length > 1 ? (
        <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${snippet.id}`}>
          {code}
        </div>
      ) : (
        code
      )}
    </div>
  );
}
