/**
 * The schema builder's field grid in a real browser: types chosen through the picker (search,
 * categories, Enter, Escape), options forms from the catalogue, keyboard reordering, add and
 * remove, the formula editor with the server's error at its line, and a bad parameter's
 * problem shown beside its control. Timings are printed, never asserted.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- page.evaluate callbacks run in the page, where the DOM is, and the server's tsconfig has no DOM types */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { browserSkip, browserSuite, type BrowserSuite } from './browser.js';

async function signedInPage(
  suite: BrowserSuite,
  viewport?: { width: number; height: number },
): Promise<{ page: Page; context: BrowserContext; csrfToken: string; cookie: string }> {
  const { cookie, csrfToken } = await suite.server.signUp();
  const context = await suite.newContext();
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  await context.addCookies([{ name, value, url: suite.server.url }]);
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await page.goto('/');
  await page.getByRole('group', { name: 'Field id' }).waitFor();
  return { page, context, csrfToken, cookie };
}

const row = (page: Page, name: string) => page.getByRole('group', { name: `Field ${name}` });

async function names(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Fields' })
    .getByLabel('Name', { exact: true })
    .evaluateAll((inputs) => inputs.map((i: any) => i.value));
}

/** The text of the elements an element's aria-describedby names. */
async function description(control: Locator): Promise<string> {
  return control.evaluate((element: any) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id: string) => (globalThis as any).document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
}

async function pickType(page: Page, field: string, search: string, option: string | null): Promise<number> {
  const started = Date.now();
  await row(page, field)
    .getByRole('button', { name: /^Type: / })
    .click();
  const dialog = page.getByRole('dialog', { name: `Choose a type for ${field}` });
  await dialog.getByRole('option').first().waitFor();
  const openMs = Date.now() - started;
  const box = dialog.getByRole('combobox', { name: 'Search types' });
  assert.equal(
    await box.evaluate((e) => e === (globalThis as any).document.activeElement),
    true,
    'the search box has the focus',
  );
  await box.fill(search);
  if (option === null) await box.press('Enter');
  else
    await dialog
      .getByRole('option', { name: new RegExp(`^${option}`) })
      .first()
      .click();
  await dialog.waitFor({ state: 'detached' });
  return openMs;
}

async function addField(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: '+ Add another field' }).click();
  const focused = await page.evaluate(() => {
    const input = (globalThis as any).document.activeElement as any;
    return {
      label: input.getAttribute('aria-label'),
      value: input.value,
      selected: input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
    };
  });
  assert.equal(focused.label, 'Name', 'the new row’s name has the focus');
  assert.equal(focused.selected, focused.value, 'and its text is selected, so typing replaces it');
  await page.keyboard.type(name);
  await row(page, name).waitFor();
}

describe('the schema builder’s field grid in a real browser', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('a schema of several types built through the picker, reordered by keyboard, with add and remove', async () => {
    const { page } = await signedInPage(suite);
    assert.deepEqual(await names(page), ['id', 'first_name', 'last_name', 'email']);

    await addField(page, 'price');
    const openMs = await pickType(page, 'price', 'number', null);
    assert.equal(
      await row(page, 'price')
        .getByRole('button', { name: /^Type: / })
        .textContent(),
      'Number',
      'Enter picks the best match',
    );
    await row(page, 'price').getByLabel('decimals').fill('0');
    await row(page, 'price').getByLabel('max').fill('50');

    // Changing the type keeps the parameters the new type also has (decimals), drops the rest (max).
    await pickType(page, 'price', 'normal distribution', 'Normal Distribution');
    await pickType(page, 'price', 'number', 'Number');
    assert.equal(
      await row(page, 'price').getByLabel('max').inputValue(),
      '',
      'Normal Distribution has no max: dropped',
    );
    assert.equal(await row(page, 'price').getByLabel('decimals').inputValue(), '0', 'it has decimals: kept');

    await addField(page, 'tier');
    await pickType(page, 'tier', 'custom list', 'Custom List');
    await row(page, 'tier').getByLabel('values').fill('gold\nsilver');
    await row(page, 'tier').getByRole('checkbox', { name: 'Weights' }).check();
    await row(page, 'tier').getByLabel('Weight of gold').fill('3');

    await addField(page, 'label');
    // By category: Advanced, then the option.
    await row(page, 'label')
      .getByRole('button', { name: /^Type: / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Choose a type for label' });
    await dialog.getByRole('button', { name: 'Advanced' }).click();
    await dialog.getByRole('option', { name: /^Template/ }).click();
    await row(page, 'label').getByRole('button', { name: 'Insert {tier}' }).click();
    assert.equal(await row(page, 'label').getByRole('textbox', { name: 'value', exact: true }).inputValue(), '{tier}');

    // Escape closes the picker without a change, and the focus goes back to the type button.
    const typeButton = row(page, 'label').getByRole('button', { name: /^Type: / });
    await typeButton.click();
    await page.getByRole('dialog').getByRole('combobox').fill('zzz');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(await typeButton.textContent(), 'Template');
    await page.waitForFunction(
      () => (globalThis as any).document.activeElement?.getAttribute('aria-label') === 'Type: Template',
    );

    assert.deepEqual(await names(page), ['id', 'first_name', 'last_name', 'email', 'price', 'tier', 'label']);
    // Reorder by keyboard on the drag handle: Space lifts, ArrowUp moves, Space drops.
    await row(page, 'label').getByRole('button', { name: 'Drag label to reorder' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await page.waitForFunction(
      () =>
        [...(globalThis as any).document.querySelectorAll('input[aria-label="Name"]')]
          .map((i: any) => i.value)
          .join() === 'id,first_name,last_name,email,price,label,tier',
    );
    // And with the buttons screen-reader users find in the row.
    await row(page, 'id').getByRole('button', { name: 'Move down' }).click();
    assert.deepEqual(await names(page), ['first_name', 'id', 'last_name', 'email', 'price', 'label', 'tier']);

    await row(page, 'last_name').getByRole('button', { name: 'Remove last_name' }).click();
    assert.deepEqual(await names(page), ['first_name', 'id', 'email', 'price', 'label', 'tier']);
    assert.equal(
      await page.evaluate(() => ((globalThis as any).document.activeElement as any).value),
      'email',
      'the focus moves to the next row',
    );

    // The server takes the schema as the grid built it: a formula check finds nothing anywhere.
    const formulaButton = row(page, 'price').getByRole('button', { name: 'Formula' });
    await formulaButton.click();
    const dialog2 = page.getByRole('dialog', { name: 'Formula for price' });
    await dialog2.getByRole('textbox', { name: 'Formula' }).pressSequentially('this * 2');
    await dialog2.getByRole('status').getByText('No problems in the formula.', { exact: true }).waitFor();
    // Cancel keeps the field as it was and gives the focus back.
    await dialog2.getByRole('button', { name: 'Cancel' }).click();
    await dialog2.waitFor({ state: 'detached' });
    assert.equal(await formulaButton.count(), 1, 'no formula set');
    await page.waitForFunction(
      () => (globalThis as any).document.activeElement?.getAttribute('aria-label') === 'ƒx Formula',
    );
    console.log(`# measured: type picker open (click to first option shown) ${openMs} ms`);
  });

  test('nested names show their parents; options of Date and Dataset Column; works at 390px', async () => {
    const { page, cookie, csrfToken } = await signedInPage(suite, { width: 390, height: 800 });
    const upload = await fetch(`${suite.server.url}/api/datasets/stores`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'text/csv' },
      body: 'id,city\n1,Oslo\n2,Lima\n',
    });
    assert.equal(upload.status, 200, await upload.text());

    await addField(page, 'address.city');
    assert.match(await description(row(page, 'address.city').getByLabel('Name', { exact: true })), /in address/);
    await pickType(page, 'address.city', 'dataset column', 'Dataset Column');
    await row(page, 'address.city').getByRole('combobox', { name: 'dataset', exact: true }).selectOption('stores');
    await row(page, 'address.city').getByRole('combobox', { name: 'column', exact: true }).selectOption('city');

    await addField(page, 'born');
    await pickType(page, 'born', 'date', null);
    assert.equal(
      await row(page, 'born')
        .getByRole('button', { name: /^Type: / })
        .textContent(),
      'Date',
    );
    assert.equal(await row(page, 'born').getByLabel('min', { exact: true }).getAttribute('type'), 'date');

    // Regular Expression's chips insert {{name}} at the cursor.
    await addField(page, 'code');
    await pickType(page, 'code', 'regular expression', null);
    const pattern = row(page, 'code').getByRole('textbox', { name: 'value', exact: true });
    await pattern.fill('[A-Z]{3}-');
    await row(page, 'code').getByRole('button', { name: 'Insert {{born}}' }).click();
    assert.equal(await pattern.inputValue(), '[A-Z]{3}-{{born}}');

    // Search finds a type by an alias.
    await addField(page, 'doc_id');
    await pickType(page, 'doc_id', 'mongodb', null);
    assert.equal(
      await row(page, 'doc_id')
        .getByRole('button', { name: /^Type: / })
        .textContent(),
      'Document-DB ObjectID',
    );

    // The Formula type's formula opens in the formula editor too.
    await addField(page, 'shout');
    await pickType(page, 'shout', 'formula', null);
    await row(page, 'shout').getByRole('button', { name: 'Editor…' }).click();
    const dialog = page.getByRole('dialog', { name: 'value of shout' });
    await dialog.getByRole('textbox', { name: 'Formula' }).pressSequentially('upper(email)');
    await dialog.getByRole('status').getByText('No problems in the formula.', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    assert.equal(
      await row(page, 'shout').getByRole('textbox', { name: 'value', exact: true }).inputValue(),
      'upper(email)',
    );

    const overflow = await page.evaluate(
      () => (globalThis as any).document.documentElement.scrollWidth - (globalThis as any).window.innerWidth,
    );
    assert.ok(overflow <= 0, `nothing wider than the 390px screen (overflow ${overflow}px)`);
    const name = await row(page, 'born').getByLabel('Name', { exact: true }).boundingBox();
    const type = await row(page, 'born')
      .getByRole('button', { name: /^Type: / })
      .boundingBox();
    assert.ok(name && type && type.y > name.y, 'the row stacks: the type under the name');
  });

  test('a formula with an error shows it at its line, then fixed; a bad parameter’s problem shows beside it', async () => {
    const { page } = await signedInPage(suite);
    await row(page, 'id')
      .getByRole('button', { name: /^Type: / })
      .click();
    await page.getByRole('combobox', { name: 'Search types' }).fill('number');
    await page.keyboard.press('Enter');
    await row(page, 'id').getByLabel('min', { exact: true }).fill('5');
    await row(page, 'id').getByLabel('max', { exact: true }).fill('1');

    // A negative weight: the distribution's problem belongs beside the values it weighs.
    await addField(page, 'tier');
    await pickType(page, 'tier', 'custom list', null);
    await row(page, 'tier').getByLabel('values').fill('gold\nsilver');
    await row(page, 'tier').getByRole('checkbox', { name: 'Weights' }).check();
    await row(page, 'tier').getByLabel('Weight of gold').fill('-1');

    // Two fields of one name: a problem of the field itself, shown under its row.
    await row(page, 'last_name').getByLabel('Name', { exact: true }).fill('first_name');

    await row(page, 'email').getByRole('button', { name: 'Formula' }).click();
    const dialog = page.getByRole('dialog', { name: 'Formula for email' });
    const editor = dialog.getByRole('textbox', { name: 'Formula' });
    await editor.waitFor();
    const typedAt = Date.now();
    await editor.pressSequentially('upper(this) +');
    await page.keyboard.press('Enter');
    await editor.pressSequentially('* 2');
    const status = dialog.getByRole('status');
    await status
      .getByText(/^Line 2, column \d+: /)
      .waitFor({ timeout: 10_000 })
      .catch(async (error: Error) => {
        throw new Error(
          `${error.message}\nstatus: ${await status.textContent()}\neditor: ${await editor.textContent()}`,
        );
      });
    const seenMs = Date.now() - typedAt;
    assert.match((await status.textContent()) ?? '', /Line 2, column \d+: unexpected "\*" at 2:\d+/);
    assert.equal(
      await dialog.locator('.cm-lintRange-error').textContent(),
      '*',
      'the error is marked in the editor where the server says',
    );
    const roundTrip = await status.getAttribute('data-elapsed-ms');

    // Completion offers field names and functions.
    await page.keyboard.press('End');
    await editor.pressSequentially(', first_');
    await page.keyboard.press('Control+Space');
    await page
      .getByRole('option', { name: /first_name/ })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor();

    // Fixed: replace everything.
    await page.keyboard.press('Control+a');
    await editor.pressSequentially("concat(upper(this), '-', id)");
    await status.getByText(/No problems in the formula/).waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await row(page, 'email').getByRole('button', { name: 'Formula (set)' }).count(), 1);

    // The check's problems (the whole schema's) now show where they belong: max beside max.
    const max = row(page, 'id').getByLabel('max', { exact: true });
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[aria-invalid="true"]') !== null);
    assert.equal(await max.getAttribute('aria-invalid'), 'true');
    assert.match(await description(max), /max \(1\) must be >= min \(5\)/);
    assert.equal(
      await row(page, 'id')
        .getByText(/must be >= min/)
        .count(),
      1,
      'shown once, beside the parameter',
    );
    const duplicate = row(page, 'first_name').nth(1).getByLabel('Name', { exact: true });
    assert.equal(await duplicate.getAttribute('aria-invalid'), 'true');
    assert.match(await description(duplicate), /duplicate field name/);
    assert.equal(
      await row(page, 'email').getByLabel('Name', { exact: true }).getAttribute('aria-invalid'),
      null,
      'a good field is not marked',
    );
    const values = row(page, 'tier').getByRole('textbox', { name: 'values' });
    assert.equal(await values.getAttribute('aria-invalid'), 'true');
    assert.match(await description(values), /the weight of "gold" must be a number of 0 or more, got -1/);
    console.log(
      `# measured: formula check, typing to error shown ${seenMs} ms (incl. typing and the 300 ms pause); server round trip ${roundTrip} ms`,
    );
  });
});
