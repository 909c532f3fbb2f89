import { ItemButton, ItemMutationButton } from './item-button.tsx';

/**
 * An admin's two answers to an item someone flagged (a reported book, a handover problem): dismiss the flag, which
 * runs at once, or act on the item (`act`: remove it, refund it), which asks first.
 */
export function ReviewActions({
  item,
  dismiss,
  act,
}: {
  /** What the buttons name for screen readers. */
  item: string;
  dismiss: { label: string; mutation: Parameters<typeof ItemMutationButton>[0]['mutation']; id: string };
  act: { label: string; onClick: () => void };
}) {
  return (
    <>
      <ItemMutationButton
        action={dismiss.label}
        item={item}
        className="btn-sm btn-primary"
        mutation={dismiss.mutation}
        id={dismiss.id}
      />
      <ItemButton action={act.label} item={item} className="btn-sm btn-outline btn-error" onClick={act.onClick} />
    </>
  );
}
