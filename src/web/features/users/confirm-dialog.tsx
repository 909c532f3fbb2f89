import { useEffect, useRef } from 'react';
import { messages } from '../../../shared/messages.ts';

/** A modal question (the browser's <dialog>: focus moves in and stays, Escape cancels). */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description?: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className="modal" aria-labelledby="confirm-title" onClose={onCancel}>
      <div className="modal-box">
        <h2 id="confirm-title" className="text-lg font-bold">
          {title}
        </h2>
        {description && <p className="py-3">{description}</p>}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel}>
            {messages.common.cancel}
          </button>
          <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
