import { collaborationOf } from '@div/shared/plan-access';
import { formatCount, planFeatureList, planOf, plans } from '@div/shared/plans';
import type { Upsell } from '@div/shared/upsell';
import { Check, Sparkles } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { useCheckout } from '../lib/checkout';
import { useTranslation } from '../lib/i18n';
import { paths } from '../lib/paths';
import './upsell-locale';
import { DialogContent } from './dialog-content';

/**
 * The upsell (issue 22, ADR 0185): says why the current plan refused, names the cheapest plan of the
 * catalogue that unlocks it at its catalogue price, and starts that plan's checkout.
 */
export function UpsellDialog({
  upsell,
  current,
  model,
  onOpenChange,
}: {
  upsell: Upsell | null;
  /** The plan that refused (the person's, or a shared project's owner's). */
  current: string;
  /** The model that was refused, for `reason: 'model'`. */
  model?: string;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('upsell');
  const checkout = useCheckout(t('checkoutError'));
  const from = planOf(current);
  const offer = upsell ? plans[upsell.plan] : null;
  const values = offer && {
    current: from.name,
    plan: offer.name,
    price: offer.priceText,
    limit: formatCount(from.messagesPerMonth),
    messages: formatCount(offer.messagesPerMonth),
    model: model ?? t('thisModel'),
    seats: collaborationOf(upsell?.reason === 'seats' ? from.id : offer.id).maxMembers,
  };
  return (
    <Dialog.Root open={upsell !== null} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        {upsell && offer && values && (
          <DialogContent
            data-testid="pro-dialog"
            data-plan={offer.id}
            className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl dark:bg-gray-900"
          >
            <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-fuchsia-500 text-white">
              <Sparkles className="size-6" aria-hidden />
            </div>
            <Dialog.Title className="mt-4 text-center font-bold text-gray-900 text-xl dark:text-gray-100">
              {t('title', { plan: offer.name })}
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-center text-gray-700 text-sm dark:text-gray-300">
              {t(`why.${upsell.reason}`, values)}
            </Dialog.Description>
            <p className="mt-4 text-center font-medium text-gray-900 text-sm dark:text-gray-100">{t('offer', values)}</p>
            <p data-testid="upsell-unlocks" className="mt-1 text-center font-semibold text-indigo-700 dark:text-indigo-300">
              {t(`unlocks.${upsell.reason}`, values)}
            </p>
            <p className="mt-4 flex items-baseline justify-center gap-1">
              <span data-testid="upsell-price" className="font-extrabold text-3xl text-gray-900 dark:text-gray-100">
                {offer.priceText}
              </span>
              <span className="text-gray-600 text-sm dark:text-gray-400">{t('perMonth')}</span>
            </p>
            <h3 className="mt-4 font-semibold text-gray-700 text-xs uppercase tracking-wide dark:text-gray-300">
              {t('alsoIncludes')}
            </h3>
            <ul className="mt-2 space-y-1 text-gray-700 text-sm dark:text-gray-300">
              {planFeatureList(offer)
                .slice(0, 4)
                .map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
                    {feature}
                  </li>
                ))}
            </ul>
            <div className="mt-6 flex flex-col gap-2">
              <button
                type="button"
                disabled={checkout.pending !== null || !offer.priceId}
                onClick={() => offer.priceId && void checkout.start(offer.id, offer.priceId)}
                className="rounded-lg bg-indigo-600 px-4 py-2.5 text-center font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2 disabled:opacity-60"
              >
                {checkout.pending ? t('redirecting') : t('cta', values)}
              </button>
              <Link
                to={paths.pricing}
                className="rounded-lg px-4 py-2 text-center text-indigo-700 text-sm underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
              >
                {t('compare')}
              </Link>
              <Dialog.Close className="rounded-lg px-4 py-2 text-gray-700 text-sm hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-gray-300 dark:hover:bg-gray-800">
                {t('later')}
              </Dialog.Close>
            </div>
          </DialogContent>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
