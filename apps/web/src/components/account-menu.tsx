import { BarChart3, LogOut, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n';
import type { StoredSession } from '../lib/session';
import { Avatar } from './avatar';
import './shell-locale';

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';

/**
 * The signed-in avatar menu (loaded on demand, so visitors never download the dropdown code):
 * Configuración, Uso y métricas and Cerrar sesión. Radix gives it keyboard and screen reader support.
 */
export default function AccountMenu({ user, onSignOut }: { user: StoredSession['user']; onSignOut: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('nav.accountMenu')}
        className="rounded-full ring-offset-2 ring-offset-white hover:ring-2 hover:ring-indigo-300 dark:ring-offset-slate-950"
      >
        <Avatar src={user.picture} name={user.name} size="sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 font-semibold text-slate-900 text-sm dark:text-white">
            {user.name}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/settings">
              <Settings aria-hidden="true" className="size-4" />
              {t('nav.settings')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/usage">
              <BarChart3 aria-hidden="true" className="size-4" />
              {t('nav.usage')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item onSelect={onSignOut} className={`${itemClass} text-red-600 dark:text-red-400`}>
            <LogOut aria-hidden="true" className="size-4" />
            {t('nav.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
