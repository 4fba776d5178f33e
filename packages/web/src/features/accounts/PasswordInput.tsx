/** A password box with a Show/Hide toggle (a real button beside it, so the keyboard reaches it). */
import { useId, useState } from 'react';

export function PasswordInput(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: string;
  name?: string;
  describedBy?: string;
}) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div className="stacked">
      <label htmlFor={id}>{props.label}</label>
      <span className="password-box">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          name={props.name ?? 'password'}
          autoComplete={props.autoComplete}
          aria-describedby={props.describedBy}
          required
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
        <button
          type="button"
          aria-pressed={shown}
          aria-controls={id}
          title={shown ? 'Hide the text' : 'Show the text'}
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </span>
    </div>
  );
}
