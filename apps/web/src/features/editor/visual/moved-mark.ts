import type { SourceElement, VisualChange } from '@div/site-engine/visual-source';

type Placed = Pick<SourceElement, 'index' | 'range' | 'parent' | 'children'>;

/** How many elements the element `index` spans in document order: itself and everything inside it. */
function spanOf(elements: readonly Placed[], index: number): number {
  const element = elements[index];
  if (!element) return 0;
  let end = index + 1;
  while (end < elements.length && (elements[end]?.range.start ?? Number.POSITIVE_INFINITY) < element.range.end) end++;
  return end - index;
}

/**
 * Where the selected element is after a structural edit, as an index in the new file (the marks of
 * the preview are ordinals in document order): after "Duplicar" the copy, right after the original's
 * subtree; after "Mover arriba" the place of the sibling it passed; after "Mover abajo" its own place
 * moved on by the sibling's subtree. Null when nothing is left to select (a deletion, no sibling).
 */
export function indexAfter(elements: readonly Placed[], index: number, change: VisualChange): number | null {
  const element = elements[index];
  if (!element || (change.kind !== 'duplicate' && change.kind !== 'move')) return null;
  if (change.kind === 'duplicate') return index + spanOf(elements, index);
  const siblings = element.parent === null ? [] : (elements[element.parent]?.children ?? []);
  const at = siblings.indexOf(index);
  const other = siblings[change.direction === 'up' ? at - 1 : at + 1];
  if (other === undefined) return null;
  return change.direction === 'up' ? other : index + spanOf(elements, other);
}
