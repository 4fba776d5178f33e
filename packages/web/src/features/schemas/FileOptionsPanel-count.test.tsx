// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CountInput } from './FileOptionsPanel-count';

afterEach(cleanup);

/** The Rows box as the file options hold it; `counts` records every count it gave. */
function renderRows(initial = 1000) {
  const counts: number[] = [];
  let setFromElsewhere: (value: number) => void = () => undefined;
  function Rows() {
    const [value, setValue] = useState(initial);
    setFromElsewhere = setValue;
    return (
      <CountInput
        label="Rows"
        value={value}
        min={1}
        max={1_000_000_000}
        onChange={(count) => {
          counts.push(count);
          setValue(count);
        }}
      />
    );
  }
  render(<Rows />);
  const box = screen.getByRole('spinbutton', { name: 'Rows' }) as HTMLInputElement;
  return { counts, box, setFromElsewhere: (value: number) => setFromElsewhere(value) };
}

describe('CountInput: the Rows box', () => {
  it('gives each whole number in range as typed', () => {
    const rows = renderRows();
    fireEvent.change(rows.box, { target: { value: '250' } });
    fireEvent.change(rows.box, { target: { value: '1000000000' } });
    expect(rows.counts).toEqual([250, 1_000_000_000]);
    expect(rows.box.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText(/a whole number/)).toBeNull();
  });

  it('keeps what is typed while it is empty or out of range, says what it takes, and gives no count', () => {
    const rows = renderRows(40);
    for (const value of ['', '0', '2.5', '1000000001']) {
      fireEvent.change(rows.box, { target: { value } });
      expect(rows.box.value).toBe(value);
      const hint = screen.getByText('a whole number from 1 to 1,000,000,000');
      expect(rows.box.getAttribute('aria-invalid')).toBe('true');
      expect(rows.box.getAttribute('aria-describedby')).toBe(hint.id);
    }
    expect(rows.counts).toEqual([]);
  });

  it('shows a count set elsewhere (a schema opened), replacing what was typed', () => {
    const rows = renderRows(40);
    fireEvent.change(rows.box, { target: { value: '' } });
    act(() => rows.setFromElsewhere(123));
    expect(rows.box.value).toBe('123');
    expect(screen.queryByText(/a whole number/)).toBeNull();
  });
});
