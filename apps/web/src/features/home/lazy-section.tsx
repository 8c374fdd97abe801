import { type ComponentType, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';

/**
 * A home section whose code loads only when the visitor scrolls near it (spec: four lazily loaded
 * sections). Until then a placeholder of similar height keeps the page from jumping.
 */
export function LazySection({
  load,
  label,
  minHeight,
}: {
  load: () => Promise<{ default: ComponentType }>;
  label: string;
  minHeight: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader is stable for a section
  const Section = useMemo(() => lazy(load), []);

  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const placeholder = (
    <div style={{ minHeight }} aria-busy="true">
      <span className="sr-only">{label}</span>
    </div>
  );
  return (
    <div ref={ref} data-lazy-section={near ? 'loaded' : 'pending'}>
      {near ? <Suspense fallback={placeholder}>{<Section />}</Suspense> : placeholder}
    </div>
  );
}
