// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldProblem } from './builder-context';
import { typeNamed } from '../../test-support/catalogue';
import { placeProblems } from './field-row-model';
import { OptionsForm } from './options-form';

afterEach(cleanup);

interface FormSetup {
  params?: Record<string, unknown>;
  problems?: Omit<FieldProblem, 'field'>[];
  otherNames?: string[];
  datasets?: { name: string; columns: string[] }[];
}

/**
 * The options form of one field of the real type `typeName`, holding its parameters as the grid
 * does; `changes` records every parameter set the form gave, `formulaParams` every editor opened.
 */
function renderForm(typeName: string | null, setup: FormSetup = {}) {
  const type = typeName === null ? undefined : typeNamed(typeName);
  const changes: Record<string, unknown>[] = [];
  const formulaParams: string[] = [];
  const problems = placeProblems(
    (setup.problems ?? []).map((p) => ({ field: 'f', ...p })),
    type,
    'row1',
  );
  const client = new QueryClient();
  // The datasets the server would list (GET /api/datasets), already in the page's cache.
  client.setQueryData(['datasets', 'options-form'], setup.datasets ?? []);
  function Field() {
    const [params, setParams] = useState(setup.params ?? {});
    const onParams = (next: Record<string, unknown>) => {
      changes.push(next);
      setParams(next);
    };
    return (
      <OptionsForm
        rowKey="row1"
        type={type}
        params={params}
        problems={problems}
        otherNames={setup.otherNames ?? []}
        onParams={onParams}
        onEditFormulaParam={(param) => formulaParams.push(param)}
      />
    );
  }
  render(
    <QueryClientProvider client={client}>
      <Field />
    </QueryClientProvider>,
  );
  return { changes, formulaParams, last: () => changes.at(-1) };
}

const change = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('OptionsForm', () => {
  it('says when the type is unknown, and when the type has no options', () => {
    renderForm(null);
    expect(screen.getByText('Unknown type: choose one from the list.')).toBeTruthy();
    cleanup();
    renderForm('Email Address');
    expect(screen.getByText('No options.')).toBeTruthy();
  });

  it("gives numbers number boxes with the registry's bounds and defaults, and sets numbers", () => {
    const form = renderForm('Number');
    const [min, max, decimals] = ['min', 'max', 'decimals'].map(
      (name) => screen.getByRole('spinbutton', { name }) as HTMLInputElement,
    );
    expect([min.placeholder, max.placeholder, decimals.placeholder]).toEqual(['1', '100', '2']);
    expect([decimals.min, decimals.max, decimals.step, min.step]).toEqual(['0', '10', '1', 'any']);
    change(max, '250.5');
    expect(form.last()).toEqual({ max: 250.5 });
    change(decimals, '0');
    expect(form.last()).toEqual({ max: 250.5, decimals: 0 });
  });

  it('removes a parameter whose box is cleared, so the server applies its default', () => {
    const form = renderForm('Number', { params: { min: 3, max: 9 } });
    const min = screen.getByRole('spinbutton', { name: 'min' }) as HTMLInputElement;
    expect(min.value).toBe('3');
    change(min, '');
    expect(form.last()).toEqual({ max: 9 });
  });

  it("offers a parameter's allowed values in a select whose first choice is the default", () => {
    const form = renderForm('Phone');
    const select = screen.getByRole('combobox', { name: 'format' }) as HTMLSelectElement;
    const choices = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(choices[0]).toBe('#-(###)###-#### (default)');
    expect(choices).toContain('(###) ###-####');
    change(select, '(###) ###-####');
    expect(form.last()).toEqual({ format: '(###) ###-####' });
    change(select, '');
    expect(form.last()).toEqual({});
  });

  it('keeps an imported value the list lacks visible and chosen', () => {
    renderForm('Phone', { params: { format: '##-##' } });
    const select = screen.getByRole('combobox', { name: 'format' }) as HTMLSelectElement;
    expect(select.value).toBe('##-##');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('##-##');
  });

  it('shows true/false as a checkbox at its default, and sets true or false', () => {
    const form = renderForm('URL');
    const protocol = screen.getByRole('checkbox', { name: 'includeProtocol' }) as HTMLInputElement;
    expect(protocol.checked).toBe(true);
    fireEvent.click(protocol);
    expect(form.last()).toEqual({ includeProtocol: false });
    expect(protocol.checked).toBe(false);
  });

  it('edits a list one item per line, and shows a comma-separated list the same way', () => {
    const form = renderForm('Country', { params: { countries: 'France, Spain' } });
    const list = screen.getByRole('textbox', { name: 'countries' }) as HTMLTextAreaElement;
    expect(list.value).toBe('France\nSpain');
    change(list, 'France\nSpain\nItaly');
    expect(form.last()).toEqual({ countries: ['France', 'Spain', 'Italy'] });
    change(list, '');
    expect(form.last()).toEqual({});
  });

  it('edits text with the default as placeholder', () => {
    const form = renderForm('Character Sequence');
    const format = screen.getByRole('textbox', { name: 'format' }) as HTMLInputElement;
    expect(format.placeholder).toBe('@@@-###');
    change(format, '##-@@');
    expect(form.last()).toEqual({ format: '##-@@' });
  });

  it("edits a calendar day in a date box, reading the registry's mm/dd/yyyy", () => {
    const form = renderForm('Date', { params: { min: '1/5/2020' } });
    const min = screen.getByLabelText('min') as HTMLInputElement;
    expect([min.type, min.value]).toEqual(['date', '2020-01-05']);
    change(min, '2021-03-01');
    expect(form.last()).toEqual({ min: '2021-03-01' });
    expect((screen.getByLabelText('format') as HTMLInputElement).type).toBe('text');
  });

  it("edits both ends of a Date's range in date boxes", () => {
    renderForm('Date');
    expect((screen.getByLabelText('max') as HTMLInputElement).type).toBe('date');
  });

  it('shows a date it cannot read as a calendar day as text, so the value is not lost', () => {
    renderForm('Date', { params: { max: '12/31/2029 23:00' } });
    const max = screen.getByLabelText('max') as HTMLInputElement;
    expect([max.type, max.value]).toEqual(['text', '12/31/2029 23:00']);
  });

  it('keeps a date and time, and a time, in text boxes', () => {
    renderForm('Datetime');
    expect(['min', 'max'].map((name) => (screen.getByLabelText(name) as HTMLInputElement).type)).toEqual([
      'text',
      'text',
    ]);
    cleanup();
    renderForm('Time');
    expect(['min', 'max'].map((name) => (screen.getByLabelText(name) as HTMLInputElement).type)).toEqual([
      'text',
      'text',
    ]);
  });

  it('shows a problem the server reported beneath its parameter and ties it to the control', () => {
    renderForm('Number', {
      params: { min: 10, max: 5 },
      problems: [{ param: 'max', message: 'max must be at least min (10)' }],
    });
    const max = screen.getByRole('spinbutton', { name: 'max' });
    const message = screen.getByText('max must be at least min (10)');
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(max.getAttribute('aria-describedby')?.split(' ')).toEqual([message.id, 'row1-param-max-help']);
    expect(document.getElementById('row1-param-max-help')?.textContent).toMatch(/^Largest value/);
    expect(screen.getByRole('spinbutton', { name: 'min' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('puts options past the first three behind "More options", opened when one of them has a problem', () => {
    renderForm('Dummy Image URL');
    const more = screen.getByText('More options (2)').closest('details') as HTMLDetailsElement;
    expect(more.open).toBe(false);
    expect(within(more).getByRole('spinbutton', { name: 'maxWidth' })).toBeTruthy();
    expect(within(more).queryByRole('spinbutton', { name: 'minHeight' })).toBeNull();
    cleanup();
    renderForm('Dummy Image URL', { problems: [{ param: 'maxWidth', message: 'too wide' }] });
    expect((screen.getByText('More options (2)').closest('details') as HTMLDetailsElement).open).toBe(true);
  });

  it('shows a type with four options in one row', () => {
    renderForm('Scenario');
    expect(screen.queryByText(/More options/)).toBeNull();
  });

  it("inserts another field into a Template's value as {name} at the cursor", () => {
    const form = renderForm('Template', { params: { value: 'Dear , hello' }, otherNames: ['first', 'last'] });
    const value = screen.getByRole('textbox', { name: 'value' }) as HTMLTextAreaElement;
    expect(value.getAttribute('aria-required')).toBe('true');
    value.setSelectionRange(5, 5);
    fireEvent.click(screen.getByRole('button', { name: 'Insert {first}' }));
    expect(form.last()).toEqual({ value: 'Dear {first}, hello' });
  });

  it('inserts a field into a Regular Expression as {{name}}, replacing the selection', () => {
    const form = renderForm('Regular Expression', { params: { value: '[A-Z]{3}-XX' }, otherNames: ['born'] });
    (screen.getByRole('textbox', { name: 'value' }) as HTMLTextAreaElement).setSelectionRange(9, 11);
    fireEvent.click(screen.getByRole('button', { name: 'Insert {{born}}' }));
    expect(form.last()).toEqual({ value: '[A-Z]{3}-{{born}}' });
  });

  it("opens a Formula type's value in the formula editor", () => {
    const form = renderForm('Formula');
    fireEvent.click(screen.getByRole('button', { name: 'Editor…' }));
    expect(form.formulaParams).toEqual(['value']);
  });
});

describe('OptionsForm: Custom List values with weights', () => {
  it('edits the values one per line, without weights at first', () => {
    const form = renderForm('Custom List');
    const values = screen.getByRole('textbox', { name: 'values' });
    expect((screen.getByRole('checkbox', { name: 'Weights' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('textbox', { name: 'distribution' })).toBeNull();
    change(values, 'red\ngreen');
    expect(form.last()).toEqual({ values: ['red', 'green'] });
  });

  it('writes weights as a distribution of one rule without a condition, and drops it when weights are turned off', () => {
    const form = renderForm('Custom List', { params: { values: ['red', 'green'] } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Weights' }));
    expect(form.last()).toEqual({ values: ['red', 'green'], distribution: [{ frequencies: { red: 1, green: 1 } }] });
    change(screen.getByRole('spinbutton', { name: 'Weight of red' }), '3');
    expect(form.last()).toEqual({ values: ['red', 'green'], distribution: [{ frequencies: { red: 3, green: 1 } }] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Weights' }));
    expect(form.last()).toEqual({ values: ['red', 'green'] });
  });

  it('keeps the weights of the values kept when the values change', () => {
    const form = renderForm('Custom List', {
      params: { values: ['red', 'green'], distribution: [{ frequencies: { red: 3, green: 2 } }] },
    });
    change(screen.getByRole('textbox', { name: 'values' }), 'red\nblue');
    expect(form.last()).toEqual({ values: ['red', 'blue'], distribution: [{ frequencies: { red: 3, blue: 1 } }] });
  });

  it("shows a distribution's problem with the values it weighs", () => {
    renderForm('Custom List', {
      params: { values: ['a'], distribution: [{ frequencies: { a: -1 } }] },
      problems: [{ param: 'distribution[0].frequencies', message: 'a weight must not be negative' }],
    });
    const values = screen.getByRole('textbox', { name: 'values' });
    expect(values.getAttribute('aria-invalid')).toBe('true');
    expect(values.getAttribute('aria-describedby')).toContain(screen.getByText('a weight must not be negative').id);
  });

  it('edits a distribution with conditions as JSON, which changes only once it parses', () => {
    const rules = [{ rule: "field('x') == 1", frequencies: { a: 1 } }];
    const form = renderForm('Custom List', { params: { values: ['a', 'b'], distribution: rules } });
    expect(screen.queryByRole('checkbox', { name: 'Weights' })).toBeNull();
    const json = screen.getByRole('textbox', { name: 'distribution' }) as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual(rules);
    change(json, '[{"frequencies": {"a": 2}');
    expect(form.changes).toEqual([]);
    const problem = screen.getByText(/^Not valid JSON yet: /);
    expect(json.getAttribute('aria-invalid')).toBe('true');
    expect(json.getAttribute('aria-describedby')?.split(' ')).toContain(problem.id);
    const edited = [{ rule: "field('x') == 2", frequencies: { a: 2 } }];
    change(json, JSON.stringify(edited));
    expect(form.last()).toEqual({ values: ['a', 'b'], distribution: edited });
    expect(screen.queryByText(/^Not valid JSON yet/)).toBeNull();
    expect(json.getAttribute('aria-invalid')).toBeNull();
  });

  it('turns a distribution edited down to one rule without a condition into weights', () => {
    const form = renderForm('Custom List', {
      params: { values: ['a', 'b'], distribution: [{ rule: "field('x') == 1", frequencies: { a: 1 } }] },
    });
    change(screen.getByRole('textbox', { name: 'distribution' }), '[{"frequencies": {"a": 5, "b": 1}}]');
    expect(form.last()).toEqual({ values: ['a', 'b'], distribution: [{ frequencies: { a: 5, b: 1 } }] });
    expect(screen.queryByRole('textbox', { name: 'distribution' })).toBeNull();
    expect((screen.getByRole('spinbutton', { name: 'Weight of a' }) as HTMLInputElement).value).toBe('5');
  });
});

describe('OptionsForm: Dataset Column', () => {
  const datasets = [
    { name: 'stores', columns: ['city', 'zip'] },
    { name: 'people', columns: ['name'] },
  ];

  it('picks the dataset from yours, then the column from its header', () => {
    const form = renderForm('Dataset Column', { datasets });
    const dataset = screen.getByRole('combobox', { name: 'dataset' });
    const column = screen.getByRole('combobox', { name: 'column' });
    expect(
      within(column)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['choose the dataset first']);
    expect(
      within(dataset)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['choose a dataset…', 'stores', 'people']);
    change(dataset, 'stores');
    expect(form.last()).toEqual({ dataset: 'stores' });
    expect(
      within(column)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['(none)', 'city', 'zip']);
    change(column, 'zip');
    expect(form.last()).toEqual({ dataset: 'stores', column: 'zip' });
  });

  it('keeps a dataset you do not have listed, and says when you have none', () => {
    renderForm('Dataset Column', { params: { dataset: 'gone' }, datasets: [] });
    const dataset = screen.getByRole('combobox', { name: 'dataset' }) as HTMLSelectElement;
    expect(dataset.value).toBe('gone');
    expect(
      within(dataset)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['no datasets uploaded yet', 'gone']);
  });
});
