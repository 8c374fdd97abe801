import { AUTO_PROVIDER, planAllowsModel } from '@div/shared/model-access';
import type { ModelOption, ModelsResponse } from '@div/shared/models';
import type { PlanId } from '@div/shared/plans';
import { Lock, Settings2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useTranslation } from '../../lib/i18n';

export interface AiChoice {
  model: string;
  provider: string;
}

/** Model choice, the auto-provider toggle and the provider buttons (spec section 2). */
export function SettingsPopover({
  open,
  onOpenChange,
  catalogue,
  plan,
  choice,
  onChange,
  message,
  disabled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  catalogue: ModelsResponse | undefined;
  plan: PlanId;
  choice: AiChoice;
  onChange: (choice: AiChoice) => void;
  /** The server's reason when it asked to choose another provider. */
  message: string | null;
  disabled: boolean;
}) {
  const { t } = useTranslation('prompt-bar');
  const model = catalogue?.models.find((m) => m.value === choice.model);
  const auto = choice.provider === AUTO_PROVIDER;
  const providers = (catalogue?.providers ?? []).filter((p) => model?.providers.includes(p.id));
  // The person's own models (Pro) go in a group of their own; they have no provider choice.
  const builtIn = (catalogue?.models ?? []).filter((m) => m.tier !== 'custom');
  const custom = (catalogue?.models ?? []).filter((m) => m.tier === 'custom');
  const option = (m: ModelOption) => (
    <option key={m.value} value={m.value}>
      {m.label}
      {m.isNew ? ` · ${t('newModel')}` : ''}
      {m.isThinker ? ` · ${t('thinker')}` : ''}
      {planAllowsModel(plan, m) ? '' : ` 🔒`}
    </option>
  );
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        disabled={disabled}
        aria-label={t('settings')}
        title={t('settings')}
        className="rounded-lg p-2 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50 dark:text-gray-300 dark:hover:bg-gray-800"
      >
        <Settings2 className="size-4" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          className="z-50 w-[min(24rem,92vw)] rounded-xl border border-gray-200 bg-white p-4 text-sm shadow-xl dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        >
          {message && (
            <p role="alert" className="mb-3 rounded-lg bg-amber-50 p-2 text-amber-800 dark:bg-amber-950 dark:text-amber-200">
              {message}
            </p>
          )}
          <label htmlFor="ai-model" className="block font-medium">
            {t('model')}
          </label>
          <select
            id="ai-model"
            value={choice.model}
            onChange={(e) => onChange({ model: e.target.value, provider: AUTO_PROVIDER })}
            className="mt-1 w-full rounded-lg border border-gray-300 bg-white px-2 py-1.5 dark:border-gray-700 dark:bg-gray-800"
          >
            {builtIn.map(option)}
            {custom.length > 0 && <optgroup label={t('customGroup')}>{custom.map(option)}</optgroup>}
          </select>
          {model && !planAllowsModel(plan, model) && (
            <p className="mt-1 flex items-center gap-1 text-xs text-amber-700 dark:text-amber-300">
              <Lock className="size-3" aria-hidden />
              {t('locked')}
            </p>
          )}
          {model?.kind === 'composer' && <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">{t('composerNote')}</p>}
          {model?.tier === 'custom' && <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">{t('customNote')}</p>}
          {model?.kind === 'router' && model.tier !== 'custom' && (
            <>
              <label className="mt-4 flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={auto}
                  onChange={(e) =>
                    onChange({
                      model: choice.model,
                      provider: e.target.checked ? AUTO_PROVIDER : (providers[0]?.id ?? AUTO_PROVIDER),
                    })
                  }
                  className="size-4 accent-indigo-600"
                />
                {t('autoProvider')}
              </label>
              {providers.length > 0 && (
                <fieldset className="mt-3" disabled={auto}>
                  <legend className="font-medium">{t('provider')}</legend>
                  <div className="mt-2 grid grid-cols-2 gap-2">
                    {providers.map((p) => (
                      <button
                        key={p.id}
                        type="button"
                        aria-pressed={choice.provider === p.id}
                        onClick={() => onChange({ model: choice.model, provider: p.id })}
                        className="rounded-lg border border-gray-300 px-2 py-1.5 text-left hover:bg-gray-50 disabled:opacity-50 aria-pressed:border-indigo-500 aria-pressed:bg-indigo-50 dark:border-gray-700 dark:hover:bg-gray-800 dark:aria-pressed:bg-indigo-950"
                      >
                        <span className="block font-medium">{p.name}</span>
                        <span className="block text-xs text-gray-500 dark:text-gray-400">
                          {t('maxTokens', { count: p.max_tokens.toLocaleString() as unknown as number })}
                        </span>
                      </button>
                    ))}
                  </div>
                </fieldset>
              )}
            </>
          )}
          <Popover.Arrow className="fill-white dark:fill-gray-900" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
