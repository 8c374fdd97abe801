import { clsx } from 'clsx';
import { UserRound } from 'lucide-react';
import { useState } from 'react';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

const sizeClasses: Record<AvatarSize, string> = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-lg',
  xl: 'size-24 text-2xl',
};

const iconSizes: Record<AvatarSize, number> = { sm: 16, md: 20, lg: 32, xl: 48 };

export interface AvatarProps {
  /** Image address; empty, null or failing addresses show the fallback. */
  src?: string | null;
  /** Alternative text; defaults to the person's name or a generic label. */
  alt?: string;
  /** Name of the person, used for the default alt text. */
  name?: string | null;
  size?: AvatarSize;
  /** When false, a failing image shows an icon instead of the default SVG picture. */
  useSvgFallback?: boolean;
  className?: string;
}

/**
 * A round user picture. Provider-hosted pictures (Google, GitHub) may fail because of CORS,
 * referrer checks or expired links; then a default picture (or an icon) takes their place.
 */
export function Avatar({ src, alt, name, size = 'md', useSvgFallback = true, className }: AvatarProps) {
  const address = typeof src === 'string' ? src.trim() : '';
  // Remember which address failed: a new address deserves a new attempt.
  const [failedAddress, setFailedAddress] = useState<string | null>(null);
  const failed = failedAddress === address;

  const label = alt ?? (name ? `Avatar de ${name}` : 'Avatar de usuario');
  const box = clsx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-200 text-slate-500 ring-1 ring-slate-300 dark:bg-slate-800 dark:text-slate-400 dark:ring-slate-700',
    sizeClasses[size],
    className,
  );

  if (address && !failed) {
    return (
      <img
        src={address}
        alt={label}
        referrerPolicy="no-referrer"
        loading="lazy"
        decoding="async"
        onError={() => setFailedAddress(address)}
        className={clsx(box, 'object-cover')}
        data-avatar-state="image"
      />
    );
  }

  if (useSvgFallback) {
    return (
      <span className={box} data-avatar-state="fallback-svg">
        <svg viewBox="0 0 64 64" role="img" aria-label={label} className="size-full">
          <title>{label}</title>
          <rect width="64" height="64" className="fill-slate-200 dark:fill-slate-800" />
          <circle cx="32" cy="25" r="12" className="fill-slate-400 dark:fill-slate-500" />
          <path d="M10 60c2-12 11-19 22-19s20 7 22 19z" className="fill-slate-400 dark:fill-slate-500" />
        </svg>
      </span>
    );
  }

  return (
    <span className={box} role="img" aria-label={label} data-avatar-state="fallback-icon">
      <UserRound aria-hidden="true" size={iconSizes[size]} />
    </span>
  );
}
