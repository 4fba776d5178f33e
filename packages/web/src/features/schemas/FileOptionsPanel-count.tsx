/**
 * A whole-number box that may be empty or wrong while typed: the last valid number stays in
 * effect, and the box says what it takes, instead of snapping back under the user's cursor.
 */
import { useEffect, useEffectEvent, useId, useState } from 'react';

/** What a count box takes, said beside it and by whatever it holds back. */
export function countHint(min: number, max: number): string {
  return `a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
}

export function CountInput(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(value: number): void;
  /** Told whether the box holds a number it takes (what it says when not: `countHint`). */
  onValidity?(valid: boolean): void;
  className?: string;
}) {
  const [text, setText] = useState(String(props.value));
  const hintId = useId();
  // A change from elsewhere (a schema opened, a backup restored) replaces what is shown.
  useEffect(() => {
    setText((shown) => (Number(shown) === props.value ? shown : String(props.value)));
  }, [props.value]);
  const n = Number(text);
  const valid = /^\s*\d+\s*$/.test(text) && n >= props.min && n <= props.max;
  const reportValidity = useEffectEvent((valid: boolean) => props.onValidity?.(valid));
  useEffect(() => reportValidity(valid), [valid]);
  return (
    <span className="count-input">
      <label className={props.className}>
        {props.label}
        <input
          type="number"
          inputMode="numeric"
          min={props.min}
          max={props.max}
          step={1}
          value={text}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : hintId}
          onChange={(e) => {
            setText(e.target.value);
            const next = Number(e.target.value);
            if (/^\s*\d+\s*$/.test(e.target.value) && next >= props.min && next <= props.max) props.onChange(next);
          }}
        />
      </label>
      {!valid && (
        <span id={hintId} className="error">
          {countHint(props.min, props.max)}
        </span>
      )}
    </span>
  );
}
