import { Wrench } from 'lucide-react';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

const SIZE = 48;
const STORAGE_KEY = 'div_editor_tools_position';

function initialPosition() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { x: number; y: number } | null;
    if (saved && Number.isFinite(saved.x) && Number.isFinite(saved.y)) return clamp(saved);
  } catch {}
  // Right edge, halfway down: clear of the panel tabs (narrow screens), of the page's own top bar in
  // the preview (where sites put their menu button), of its error banner and of the inspector and
  // visual editing panel at the bottom.
  return clamp({ x: window.innerWidth - SIZE - 24, y: Math.round((window.innerHeight - SIZE) / 2) });
}
function clamp(point: { x: number; y: number }) {
  return {
    x: Math.min(Math.max(8, point.x), window.innerWidth - SIZE - 8),
    y: Math.min(Math.max(8, point.y), window.innerHeight - SIZE - 8),
  };
}

/** The floating tools button: drag it anywhere; a click (without dragging) opens the tools. */
export function ToolsButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('editor');
  const [position, setPosition] = useState(initialPosition);
  const drag = useRef<{ dx: number; dy: number; moved: boolean } | null>(null);
  const movedRecently = useRef(false);

  const down = (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { dx: event.clientX - position.x, dy: event.clientY - position.y, moved: false };
  };
  const move = (event: PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state) return;
    const next = clamp({ x: event.clientX - state.dx, y: event.clientY - state.dy });
    if (!state.moved && Math.hypot(next.x - position.x, next.y - position.y) < 4) return;
    state.moved = true;
    setPosition(next);
  };
  const up = () => {
    const state = drag.current;
    drag.current = null;
    movedRecently.current = Boolean(state?.moved);
    if (state?.moved) {
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(position));
      } catch {}
    }
  };

  return (
    <button
      type="button"
      aria-label={t('tools.open')}
      title={t('tools.open')}
      data-testid="tools-button"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onClick={() => {
        // A drag ends with a click event too; only a real click opens the tools.
        if (movedRecently.current) {
          movedRecently.current = false;
          return;
        }
        onOpen();
      }}
      style={{ left: position.x, top: position.y, width: SIZE, height: SIZE, touchAction: 'none' }}
      className="fixed z-40 flex cursor-grab items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg ring-4 ring-white/70 transition-colors hover:bg-indigo-500 active:cursor-grabbing dark:ring-gray-900/70"
    >
      <Wrench className="size-5" aria-hidden />
    </button>
  );
}
