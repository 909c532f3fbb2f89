import type { ReactNode } from 'react';
import { BookListItem } from './book-list-item.tsx';
import { ItemButton, ItemMutationButton } from './item-button.tsx';

/**
 * An item someone flagged (a reported book, a handover problem), in an admin's list, with the admin's two answers:
 * dismiss the flag, which runs at once, or act on the item (`act`: remove it, refund it), which asks first.
 */
export function ReviewListItem({
  item,
  thumbnail,
  testId,
  dismiss,
  act,
  children,
}: {
  /** What the buttons name for screen readers. */
  item: string;
  thumbnail?: string;
  testId: string;
  dismiss: { label: string; mutation: Parameters<typeof ItemMutationButton>[0]['mutation']; id: string };
  act: { label: string; onClick: () => void };
  children: ReactNode;
}) {
  return (
    <BookListItem
      thumbnail={thumbnail}
      testId={testId}
      wideFrom="md"
      actions={
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
      }
    >
      {children}
    </BookListItem>
  );
}
