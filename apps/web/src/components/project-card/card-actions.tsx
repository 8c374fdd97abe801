import type { LucideIcon } from 'lucide-react';
import { MoreVertical } from 'lucide-react';
import { ContextMenu, DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';

export interface CardAction {
  id: string;
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  danger?: boolean;
}

const item =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-gray-100 dark:data-[highlighted]:bg-gray-800';
const plain = 'text-gray-800 dark:text-gray-200';
const danger = 'text-red-700 data-[highlighted]:bg-red-50 dark:text-red-300 dark:data-[highlighted]:bg-red-950';
const content = 'z-50 min-w-48 rounded-lg border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900';

/**
 * A card's actions, reachable three ways with the same items: a menu button on the card (Enter,
 * Space, a click or a tap opens it; arrows move; Esc closes it and gives focus back), and a
 * right-click anywhere on the card.
 */
export function CardActions({ actions, children }: { actions: CardAction[]; children: ReactNode }) {
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>{children}</ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className={content}>
          {actions.map(({ id, label: text, icon: Icon, onSelect, danger: red }) => (
            <ContextMenu.Item key={id} onSelect={onSelect} className={`${item} ${red ? danger : plain}`}>
              <Icon className="size-4" aria-hidden />
              {text}
            </ContextMenu.Item>
          ))}
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}

/** The menu button of a card (aria-haspopup="menu"), named "Más acciones para {nombre}". */
export function CardMenuButton({ label, actions }: { label: string; actions: CardAction[] }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        data-testid="card-menu-button"
        className="absolute top-2 right-2 z-10 flex size-10 items-center justify-center rounded-full border border-gray-200 bg-white/95 text-gray-700 shadow-sm backdrop-blur hover:bg-white hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-600 focus-visible:outline-offset-2 data-[state=open]:bg-white dark:border-gray-700 dark:bg-gray-900/95 dark:text-gray-200 dark:hover:bg-gray-900 dark:hover:text-white"
      >
        <MoreVertical className="size-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={content}>
          {actions.map(({ id, label: text, icon: Icon, onSelect, danger: red }) => (
            <DropdownMenu.Item key={id} onSelect={onSelect} className={`${item} ${red ? danger : plain}`}>
              <Icon className="size-4" aria-hidden />
              {text}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
