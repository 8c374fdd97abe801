import { type RefObject, useEffect } from 'react';

/**
 * Calls `load` whenever the element comes within a screen of the viewport while `enabled`: the
 * projects list loads its next page as the person scrolls towards its end.
 */
export function useLoadMoreOnScroll(target: RefObject<Element | null>, enabled: boolean, load: () => void) {
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled, load]);
}
