import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** What is removed: its id, and the book it is named by. */
export type RemovableItem = { _id: string; bookName: string };

type Removal = { isPending: boolean; mutate: (id: string, options: { onSettled: () => void }) => void };

/** Asks before removing an item (named by its book) and closes once the removal has settled, done or failed. */
export function ConfirmRemoval({
  item,
  title,
  confirmLabel,
  removal,
  onClose,
}: {
  item: RemovableItem | null;
  title: string;
  confirmLabel: string;
  removal: Removal;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      confirmLabel={confirmLabel}
      busy={removal.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (item) removal.mutate(item._id, { onSettled: onClose });
      }}
    >
      {item && <p className="py-2">{item.bookName}</p>}
    </ConfirmDialog>
  );
}

/**
 * A page's ConfirmRemoval: `ask(item)` opens it for an item, `dialog` is drawn once in the page. `title` may name
 * the item.
 */
export function useConfirmRemoval(
  removal: Removal,
  texts: { title: string | ((item: RemovableItem) => string); confirmLabel: string },
): { ask: (item: RemovableItem) => void; dialog: ReactNode } {
  const [item, setItem] = useState<RemovableItem | null>(null);
  const { title, confirmLabel } = texts;
  const dialog = (
    <ConfirmRemoval
      item={item}
      title={typeof title === 'string' ? title : item ? title(item) : ''}
      confirmLabel={confirmLabel}
      removal={removal}
      onClose={() => setItem(null)}
    />
  );
  return { ask: setItem, dialog };
}
