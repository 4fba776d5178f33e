/**
 * A modal "are you sure?" built on <dialog>: showModal() traps focus and Escape cancels, so it
 * is keyboard-usable without a library. Focus starts on Cancel (the safe choice) and returns to
 * whatever opened the dialog when it closes.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      cancel.current?.focus();
    } else if (!props.open && element.open) {
      element.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [props.open]);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={titleId}>{props.title}</h2>
      <div id={bodyId}>{props.children}</div>
      {props.error && (
        <p className="error" role="alert">
          {props.error}
        </p>
      )}
      <div className="confirm-actions">
        <button type="button" ref={cancel} onClick={props.onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={props.danger ? 'danger-solid' : 'primary'}
          disabled={props.busy}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
