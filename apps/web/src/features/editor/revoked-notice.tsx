import { ShieldOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../../components/copy-button';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/**
 * Said at once when the owner removes this person while they edit (issue 43): the page turns
 * read-only, and what they typed that did not reach the server stays here to copy.
 */
export function RevokedNotice({ kept }: { kept: { path: string; content: string } | null }) {
  const { t } = useTranslation('editor');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="alert"
      data-testid="revoked-notice"
      className="border-amber-300 border-t bg-amber-50 px-4 py-3 text-amber-950 text-sm outline-none dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <p className="flex items-start gap-2 font-medium">
        <ShieldOff aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('revoked.title')}
      </p>
      {kept ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <span>{t('revoked.kept', { path: kept.path })}</span>
          <CopyButton value={kept.content} label={t('revoked.copy')} copiedLabel={t('revoked.copied')} name={kept.path} />
        </div>
      ) : null}
      <Link to={paths.spaces} className="mt-2 inline-block font-semibold underline underline-offset-2">
        {t('revoked.back')}
      </Link>
    </div>
  );
}
