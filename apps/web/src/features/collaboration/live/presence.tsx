import { registerLocale, useTranslation } from '../../../lib/i18n';
import type { LiveStatus } from './live-connection';
import type { Peer } from './live-space';

registerLocale('presence', {
  es: {
    here: 'En el proyecto ahora',
    inFile: '{{name}} · en {{file}}',
    noFile: '{{name}}',
    generating: '{{name}} · generando',
    offline: 'Sin conexión: tus cambios se unirán al volver',
  },
  en: {
    here: 'In the project now',
    inFile: '{{name}} · in {{file}}',
    noFile: '{{name}}',
    generating: '{{name}} · generating',
    offline: 'Offline: your changes will merge when you are back',
  },
});

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

/** The avatars of who else is in the space now, each with the file they are in (issue 25). */
export function PresenceAvatars({ peers, status }: { peers: Peer[]; status: LiveStatus }) {
  const { t } = useTranslation('presence');
  // One avatar per person (two tabs of the same person show once, the latest file).
  const people = [...new Map(peers.map((peer) => [peer.id || String(peer.clientId), peer])).values()];
  return (
    <div className="flex items-center gap-2">
      {status === 'offline' && (
        <span role="status" data-testid="live-offline" className="text-xs font-medium text-amber-700 dark:text-amber-400">
          {t('offline')}
        </span>
      )}
      {people.length > 0 && (
        <ul aria-label={t('here')} data-testid="presence" className="flex items-center gap-1.5">
          {people.map((peer) => {
            const label = peer.generating
              ? t('generating', { name: peer.name })
              : peer.file
                ? t('inFile', { name: peer.name, file: peer.file })
                : t('noFile', { name: peer.name });
            return (
              <li
                key={peer.id || peer.clientId}
                title={label}
                data-testid="presence-avatar"
                data-name={peer.name}
                data-file={peer.file ?? ''}
                className="flex items-center gap-1 rounded-full border border-gray-200 py-0.5 pr-2 pl-0.5 text-xs text-gray-700 dark:border-gray-700 dark:text-gray-200"
              >
                <span
                  aria-hidden
                  className="flex size-6 items-center justify-center overflow-hidden rounded-full text-[11px] font-semibold text-white"
                  style={{ backgroundColor: peer.color }}
                >
                  {peer.picture ? (
                    <img src={peer.picture} alt="" className="size-full object-cover" referrerPolicy="no-referrer" />
                  ) : (
                    initials(peer.name)
                  )}
                </span>
                <span className="sr-only">{label}</span>
                <span aria-hidden className="hidden max-w-32 truncate lg:inline">
                  {peer.generating ? '…' : (peer.file ?? '')}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
