/** Small modal dialogs (native <dialog>: focus is trapped and Escape closes) for a name or a yes/no. */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';

function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

type NameDialogProps = {
  open: boolean;
  title: string;
  label: string;
  initial: string;
  confirm: string;
  problem?: string | null;
  onSubmit(name: string): void;
  onClose(): void;
};

export function NameDialog(props: NameDialogProps) {
  const ref = useModal(props.open);
  return (
    <dialog ref={ref} onClose={props.onClose} aria-labelledby="name-dialog-title">
      {/* Mounted while open, so each opening starts from its own initial name. */}
      {props.open && <NameForm {...props} />}
    </dialog>
  );
}

function NameForm(props: NameDialogProps) {
  const [name, setName] = useState(props.initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) props.onSubmit(name.trim());
  };
  return (
    <form onSubmit={submit} className="dialog-form">
      <h2 id="name-dialog-title">{props.title}</h2>
      <label>
        {props.label}
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required autoFocus />
      </label>
      {props.problem && (
        <p className="error" role="alert">
          {props.problem}
        </p>
      )}
      <div className="dialog-buttons">
        <button type="submit" className="primary">
          {props.confirm}
        </button>
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirm: string;
  danger?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const ref = useModal(props.open);
  return (
    <dialog ref={ref} onClose={props.onClose} aria-labelledby="confirm-dialog-title">
      <div className="dialog-form">
        <h2 id="confirm-dialog-title">{props.title}</h2>
        {props.children}
        <div className="dialog-buttons">
          <button type="button" className={props.danger ? 'primary danger-fill' : 'primary'} onClick={props.onConfirm}>
            {props.confirm}
          </button>
          <button type="button" onClick={props.onClose} autoFocus>
            Cancel
          </button>
        </div>
      </div>
    </dialog>
  );
}
