import { type ReactNode, useEffect, useId, useRef } from 'react';
import { texts } from '#shared/i18n/texts.ts';

/** A modal question (the browser's <dialog>: focus moves in and stays, Escape cancels). */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  confirmClassName = 'btn-error',
  cancelLabel = texts.dialog.cancel,
  busy = false,
  children,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  confirmClassName?: string;
  /** The button that closes the dialog without doing anything ('Cancel' unless told). */
  cancelLabel?: string;
  busy?: boolean;
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onClose={onCancel}>
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        {children}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn ${confirmClassName}`} onClick={onConfirm} disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
