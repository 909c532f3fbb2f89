import { ConfirmDialog } from './confirm-dialog.tsx';

/** Asks before removing an item (named by its book) and closes once the removal has settled, done or failed. */
export function ConfirmRemoval({
  item,
  title,
  confirmLabel,
  removal,
  onClose,
}: {
  item: { _id: string; bookName: string } | null;
  title: string;
  confirmLabel: string;
  removal: { isPending: boolean; mutate: (id: string, options: { onSettled: () => void }) => void };
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
