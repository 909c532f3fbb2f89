import type { Book } from '../../../shared/schemas/book.ts';

/** The 'Book Now' dialog for one book; `onClose` is called when it closes. */
export function BookingDialog({ book, onClose }: { book: Book; onClose: () => void }) {
  return (
    <dialog open className="modal">
      <div className="modal-box">
        <h3>{book.bookName}</h3>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
