import { TAGLINE_ROTATION_MS } from '@div/shared/constants';
import { useEffect, useState } from 'react';

/** The hero tagline, changing every 3 seconds (spec section 9); its fade-in is skipped for reduced motion. */
export function RotatingTagline({ taglines }: { taglines: string[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (taglines.length < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % taglines.length), TAGLINE_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [taglines.length]);
  const current = taglines[index % Math.max(taglines.length, 1)] ?? '';
  return (
    <span
      key={current}
      data-testid="hero-tagline"
      className="inline-block animate-[tagline-in_400ms_ease-out] bg-gradient-to-r from-indigo-500 via-violet-500 to-fuchsia-500 bg-clip-text text-transparent motion-reduce:animate-none"
    >
      {current}
    </span>
  );
}
