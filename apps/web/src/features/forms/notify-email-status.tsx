import type { FormSettings } from '@div/shared/forms';
import { clsx } from 'clsx';
import { CircleCheck, Clock, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { resendConfirmation } from './api';
import './locale';

/**
 * Whether the saved notice address receives notices (ADR 0249): "Pendiente de confirmar" with
 * "Reenviar confirmación" until its link is opened, then "Confirmada". Nothing for the account email.
 */
export function NotifyEmailStatus({
  spaceId,
  saved,
  buttonClass,
}: {
  spaceId: string;
  saved: FormSettings;
  buttonClass: string;
}) {
  const { t } = useTranslation('forms');
  const [sending, setSending] = useState(false);
  const email = saved.notifyEmail;
  if (!email || saved.notifyEmailStatus === 'account') return null;

  const resend = async () => {
    setSending(true);
    try {
      const result = await resendConfirmation(spaceId);
      if (result.ok) toast.success(t('settings.confirmationSent', { email }));
      else toast.error(t('actionError'), { description: result.message });
    } catch (error) {
      toast.error(t('actionError'), { description: error instanceof Error ? error.message : undefined });
    } finally {
      setSending(false);
    }
  };

  const pending = saved.notifyEmailStatus === 'pending';
  return (
    <div
      data-testid="notify-email-status"
      className={clsx(
        'mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg p-3 text-sm',
        pending
          ? 'bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100'
          : 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100',
      )}
    >
      {pending ? <Clock className="size-4 shrink-0" aria-hidden /> : <CircleCheck className="size-4 shrink-0" aria-hidden />}
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">{pending ? t('settings.pending') : t('settings.confirmed')}</strong>
        {'. '}
        {pending ? t('settings.pendingText', { email }) : t('settings.confirmedText', { email })}
      </p>
      {pending && (
        <button type="button" className={buttonClass} disabled={sending} onClick={resend}>
          <Send className="size-4" aria-hidden />
          {sending ? t('settings.resending') : t('settings.resend')}
        </button>
      )}
    </div>
  );
}
