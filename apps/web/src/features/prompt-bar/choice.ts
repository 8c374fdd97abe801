import type { AiChoice } from './settings-popover';

const CHOICE_KEY = 'div.ai.choice';

/** The model and provider chosen last time in this browser, if the saved value is well formed. */
export function readChoice(): AiChoice | null {
  try {
    const raw = localStorage.getItem(CHOICE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<AiChoice>) : null;
    return parsed && typeof parsed.model === 'string' && typeof parsed.provider === 'string'
      ? { model: parsed.model, provider: parsed.provider }
      : null;
  } catch {
    return null;
  }
}

export function saveChoice(choice: AiChoice): void {
  localStorage.setItem(CHOICE_KEY, JSON.stringify(choice));
}
