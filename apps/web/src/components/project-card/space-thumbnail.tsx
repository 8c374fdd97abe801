import type { SpaceThumbnailResponse } from '@div/shared/spaces';
import { useQuery } from '@tanstack/react-query';
import { FolderCode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';

/** The thumbnail draws the page at a desktop width, scaled down to the card (ADR 0187). */
const PAGE_WIDTH = 1280;
const PAGE_HEIGHT = 800;

/**
 * A project card's live thumbnail: the space's current page, fetched only once the card comes near
 * the screen, drawn in a frame sandboxed with no permission at all (no scripts, an opaque origin,
 * never the app's), hidden from assistive technology and out of the tab order, with no pointer
 * events: the card's link beneath it is what opens the space.
 */
export function SpaceThumbnail({ spaceId, revision, label }: { spaceId: string; revision: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [scale, setScale] = useState(0);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const resize = new ResizeObserver(([entry]) => setScale((entry?.contentRect.width ?? 0) / PAGE_WIDTH));
    resize.observe(element);
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return () => resize.disconnect();
    }
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          seen.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    seen.observe(element);
    return () => {
      resize.disconnect();
      seen.disconnect();
    };
  }, []);

  const thumbnail = useQuery({
    queryKey: ['space-thumbnail', spaceId, revision],
    queryFn: () =>
      api<SpaceThumbnailResponse>(
        `/api/spaces/${encodeURIComponent(spaceId)}/thumbnail?revision=${encodeURIComponent(revision)}`,
      ),
    enabled: near,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const html = thumbnail.data?.html;

  return (
    <div
      ref={box}
      aria-hidden
      data-testid="space-thumbnail"
      data-state={html ? 'drawn' : thumbnail.isPending ? 'waiting' : 'empty'}
      className="relative aspect-[16/10] w-full overflow-hidden border-gray-200 border-b bg-gradient-to-br from-gray-50 to-gray-100 dark:border-gray-800 dark:from-gray-900 dark:to-gray-800"
    >
      {html && scale > 0 ? (
        <iframe
          title={label}
          srcDoc={html}
          sandbox=""
          tabIndex={-1}
          loading="lazy"
          referrerPolicy="no-referrer"
          width={PAGE_WIDTH}
          height={PAGE_HEIGHT}
          className="pointer-events-none absolute top-0 left-0 origin-top-left border-0 bg-white"
          style={{ transform: `scale(${scale})` }}
        />
      ) : (
        <span className="absolute inset-0 flex items-center justify-center text-gray-300 dark:text-gray-600">
          <FolderCode className={thumbnail.isFetching ? 'size-10 animate-pulse' : 'size-10'} />
        </span>
      )}
    </div>
  );
}
