import type { SelectedElement } from '@div/shared/generation';
import type { FileInput } from '@div/shared/spaces';
import { checkScope, type ElementScope, findScope } from '@div/site-engine/scope-check';
import { AppError } from '../../lib/errors';

/**
 * Scoped AI edits (issue 24, ADR 0201): the selected element's mark names its exact source range,
 * which the model is told; an answer that changes anything outside it is not applied unasked.
 */
export function scopeSelection(
  files: readonly FileInput[],
  selected: SelectedElement | undefined,
): { selectedElement: SelectedElement | undefined; scope: ElementScope | null } {
  if (!selected?.mark) return { selectedElement: selected, scope: null };
  const scope = findScope(Object.fromEntries(files.map((file) => [file.path, file.content])), selected.mark);
  if (!scope) return { selectedElement: selected, scope: null };
  return {
    selectedElement: {
      selector: `${selected.selector} (${scope.path}, lines ${scope.lines[0]}-${scope.lines[1]}; keep every other part of the site as it is)`,
      html: scope.excerpt,
    },
    scope,
  };
}

/** The refusal to send when the answer reaches outside the element; null when it stays inside. */
export function outOfScope(
  files: readonly FileInput[],
  next: Readonly<Record<string, string>>,
  changed: { path: string; content: string }[],
  scope: ElementScope | null,
): AppError | null {
  if (!scope) return null;
  const outside = checkScope(Object.fromEntries(files.map((file) => [file.path, file.content])), next, scope);
  if (outside.length === 0) return null;
  return new AppError('OUT_OF_SCOPE', `Este cambio también afecta a… ${outside.join('; ')}. ¿Aplicar igualmente?`, {
    outside,
    proposal: changed,
  });
}
