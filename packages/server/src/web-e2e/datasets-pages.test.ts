/**
 * Datasets, projects and scenarios pages in a real browser: upload by the file picker, list,
 * preview, a bad file's error naming the line, replace, delete with confirmation, each user's
 * own datasets; projects; a scenario drawn, saved, reopened after a reload and previewed.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { browserSkip, browserSuite, type BrowserSuite } from './browser.js';

/** A new user, signed up through the API in a fresh browser context, on a page at `path`. */
async function signedInPage(suite: BrowserSuite, path: string): Promise<Page> {
  return (await suite.signedIn(path)).page;
}

/** Whether the element has the keyboard focus (a string: this file is compiled without the DOM types). */
function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    (element) => element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
  );
}

function csvFile(name: string, text: string) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text) };
}

async function uploadByPicker(page: Page, name: string, text: string) {
  await page.getByLabel('Choose a file').setInputFiles(csvFile(name, text));
}

const CITIES = 'city,country,population\nLyon,France,522250\nPorto,Portugal,231800\nGhent,Belgium,265086\n';

describe('the datasets page in a browser', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('upload by the file picker: the name comes from the file; listed with rows and columns; previewed', async () => {
    const page = await signedInPage(suite, '/datasets');
    await uploadByPicker(page, 'cities.csv', CITIES);
    const name = page.getByLabel('Dataset name');
    assert.equal(await name.inputValue(), 'cities');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Uploaded “cities”: 3 rows, 3 columns.').waitFor();
    const row = page.getByRole('row', { name: /^cities/ });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /3.*3: city, country, population/);

    await page.getByRole('button', { name: 'Preview cities' }).click();
    const preview = page.getByRole('table', { name: 'First rows of cities' });
    await preview.waitFor();
    assert.equal(await preview.getByRole('row').count(), 4);
    await preview.getByRole('cell', { name: 'Porto' }).waitFor();
  });

  test('a file dropped on the box is taken like a picked one', async () => {
    const page = await signedInPage(suite, '/datasets');
    const transfer = await page.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['sku,price\\nA1,9.5\\n'], 'prices.csv', { type: 'text/csv' }));
      return transfer;
    })()`);
    await page.getByText('Drop a CSV or tab-separated TXT file here').dispatchEvent('drop', { dataTransfer: transfer });
    assert.equal(await page.getByLabel('Dataset name').inputValue(), 'prices');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Uploaded “prices”: 1 row, 2 columns.').waitFor();
  });

  test('a name with a slash, spaces and a percent sign is uploaded, previewed and deleted by that name', async () => {
    const page = await signedInPage(suite, '/datasets');
    const name = 'sales/2024 Q1 100%';
    await uploadByPicker(page, 'q1.txt', 'region\tamount\nNorth\t12\n');
    await page.getByLabel('Dataset name').fill(name);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(`Uploaded “${name}”: 1 row, 2 columns.`).waitFor();
    await page.getByRole('button', { name: `Preview ${name}` }).click();
    await page
      .getByRole('table', { name: `First rows of ${name}` })
      .getByRole('cell', { name: 'North' })
      .waitFor();
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete dataset' }).click();
    await page.getByText(`Deleted “${name}”.`).waitFor();
  });

  test('a bad file shows the server error naming the line, and nothing is stored', async () => {
    const page = await signedInPage(suite, '/datasets');
    await uploadByPicker(page, 'broken.csv', 'a,b\n1,2\n3\n');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /“broken” was not uploaded\..*line 3 has 1 value/i);
    await page.getByText('No datasets yet.', { exact: false }).waitFor();
  });

  test("a file past the plan's storage is refused as soon as it cannot fit, the message naming the limit and the line", async () => {
    const page = await signedInPage(suite, '/datasets');
    // 9.8 MB of one-digit rows: 6 bytes a row as stored, past the free plan's 10 MiB at about 1.75 million rows.
    await uploadByPicker(page, 'many.csv', 'n\n' + '1\n'.repeat(4_900_000));
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(
      (await alert.textContent()) ?? '',
      /“many” was not uploaded\..*passed them at line \d+, after \d+ rows.*the free plan allows 10485760/,
    );
    await page.getByText('No datasets yet.', { exact: false }).waitFor();
  });

  test('replace over the same name, then delete with a confirmation (cancel first)', async () => {
    const page = await signedInPage(suite, '/datasets');
    await uploadByPicker(page, 'stock.csv', 'sku,qty\nA1,3\n');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('row', { name: /^stock/ }).waitFor();

    const stock = page.getByRole('row', { name: /^stock/ });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Replace stock' }).click();
    await (await chooser).setFiles(csvFile('stock-2.csv', 'sku,qty,bin\nA1,3,x\nB2,5,y\n'));
    await page.getByText('Uploaded “stock”: 2 rows, 3 columns.').waitFor();
    // The message can come before the list is read again: wait for the row to show the new file.
    await stock.filter({ hasText: /2.*3: sku, qty, bin/ }).waitFor();

    // A bad replacement is refused with its line, and the stored version stays.
    const badChooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Replace stock' }).click();
    await (await badChooser).setFiles(csvFile('stock-3.csv', 'sku,qty\nA1\n'));
    await page.getByRole('alert').filter({ hasText: 'line 2' }).waitFor();
    assert.match((await stock.textContent()) ?? '', /2.*3: sku, qty, bin/);

    await page.getByRole('button', { name: 'Delete stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the dataset “stock”?' });
    await dialog.waitFor();
    // The keyboard: focus starts on Cancel, Escape closes, focus goes back to the Delete button.
    assert.equal(await isFocused(dialog.getByRole('button', { name: 'Cancel' })), true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await isFocused(page.getByRole('button', { name: 'Delete stock' })), true);
    assert.equal(await stock.count(), 1);
    await page.getByRole('button', { name: 'Delete stock' }).click();
    await dialog.getByRole('button', { name: 'Delete dataset' }).click();
    await page.getByText('Deleted “stock”.').waitFor();
    // The message can come before the list is read again: wait for the row to go.
    await page.getByRole('row', { name: /^stock/ }).waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('row', { name: /^stock/ }).count(), 0);
  });

  test("another user does not see the first one's datasets", async () => {
    const first = await signedInPage(suite, '/datasets');
    await uploadByPicker(first, 'private.csv', 'secret\nyes\n');
    await first.getByRole('button', { name: 'Upload', exact: true }).click();
    await first.getByRole('row', { name: /^private/ }).waitFor();
    const second = await signedInPage(suite, '/datasets');
    await second.getByText('No datasets yet.', { exact: false }).waitFor();
    assert.equal(await second.getByRole('row', { name: /^private/ }).count(), 0);
  });

  test('projects: create one, upload a dataset into it, the project lists it; deleting the project keeps the dataset', async () => {
    const page = await signedInPage(suite, '/projects');
    await page.getByLabel('New project name').fill('Launch');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'Launch' }).waitFor();
    await page.getByLabel('New project name').fill('Launch');
    await page.getByRole('button', { name: 'Create project' }).click();
    assert.match((await page.getByRole('alert').textContent()) ?? '', /already exists/);

    await page.getByRole('link', { name: 'Datasets' }).click();
    await uploadByPicker(page, 'leads.csv', 'name,score\nAda,9\n');
    await page.getByLabel('Project').selectOption('Launch');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page
      .getByRole('row', { name: /^leads/ })
      .getByText('Launch')
      .waitFor();

    // A schema and a scenario saved into the project through the API, with the user's key.
    const key = ((await (await page.request.get('/api/key')).json()) as { key: string }).key;
    const headers = { 'x-api-key': key };
    const schema = await page.request.put('/api/schemas/Signups', {
      headers,
      data: { fields: [{ name: 'id', type: 'Row Number' }], project: 'Launch' },
    });
    assert.equal(schema.status(), 200, await schema.text());
    const scenario = await page.request.put('/api/scenarios/Growth', {
      headers,
      data: {
        points: [
          { x: 0, y: 1 },
          { x: 1, y: 2 },
        ],
        project: 'Launch',
      },
    });
    assert.equal(scenario.status(), 200, await scenario.text());

    await page.getByRole('link', { name: 'Projects' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Launch' }) });
    await card.getByText('1 schema · 1 dataset · 1 scenario').waitFor();
    await card.getByText('Datasets: leads').waitFor();
    await card.getByText('Schemas: Signups').waitFor();

    await card.getByRole('button', { name: 'Delete project Launch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the project “Launch”?' });
    await dialog.getByRole('button', { name: 'Delete project' }).click();
    await page.getByText('No projects yet.').waitFor();
    // Its dataset stays, in no project.
    await page.getByRole('link', { name: 'Datasets' }).click();
    const leads = page.getByRole('row', { name: /^leads/ });
    await leads.waitFor();
    assert.doesNotMatch((await leads.textContent()) ?? '', /Launch/);
  });
});

/** The numbers in the points table, row by row. */
async function tablePoints(page: Page): Promise<{ x: number; y: number }[]> {
  const rows = page
    .getByRole('table')
    .filter({ has: page.getByText('Points (x: 0 = first row') })
    .getByRole('row');
  const points: { x: number; y: number }[] = [];
  for (let i = 1; i < (await rows.count()); i++) {
    points.push({
      x: Number(await page.getByLabel(`x of point ${i}`).inputValue()),
      y: Number(await page.getByLabel(`y of point ${i}`).inputValue()),
    });
  }
  return points;
}

describe('the scenarios page in a browser', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('draw a scenario (table, click, drag, keys), save it, reload and reopen it, preview generated values, delete it', async () => {
    const page = await signedInPage(suite, '/scenarios');
    await page.getByRole('button', { name: 'New scenario' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Traffic');
    await page.getByLabel('Interpolation').selectOption('linear');
    assert.equal((await tablePoints(page)).length, 3);

    // Numbers in the table: commit with Enter.
    await page.getByLabel('y of point 2').fill('80');
    await page.getByLabel('y of point 2').press('Enter');
    // Click the plot: a new point where the pointer is.
    const chart = page.getByRole('group', { name: /Scenario curve/ });
    const box = (await chart.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.5);
    assert.equal((await tablePoints(page)).length, 4);
    // The keyboard moves a focused point: up raises it.
    const before = (await tablePoints(page))[3].y;
    await page.getByRole('button', { name: /^Point 4:/ }).focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.ok((await tablePoints(page))[3].y > before, 'ArrowUp raised point 4');
    // Drag the last point down with the mouse.
    const last = (await page.getByRole('button', { name: /^Point 4:/ }).boundingBox())!;
    await page.mouse.move(last.x + last.width / 2, last.y + last.height / 2);
    await page.mouse.down();
    await page.mouse.move(last.x + last.width / 2, last.y + last.height / 2 + 40, { steps: 5 });
    await page.mouse.up();
    const drawn = await tablePoints(page);
    assert.equal(drawn.length, 4, 'a drag adds no point');
    assert.ok(drawn[3].y < before, `dragging down lowered point 4 (${drawn[3].y} < ${before})`);
    assert.equal(drawn[3].x, 1);

    await page.getByRole('button', { name: 'Save scenario' }).click();
    await page.getByText(/^Saved\./).waitFor();
    await page.getByRole('navigation', { name: 'Your scenarios' }).getByText('(4 points)').waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Traffic' }).click();
    await page.getByRole('heading', { name: 'Scenario “Traffic”' }).waitFor();
    assert.deepEqual(await tablePoints(page), drawn);
    assert.equal(await page.getByLabel('Interpolation').inputValue(), 'linear');

    await page.getByLabel('Rows').fill('50');
    await page.getByRole('button', { name: 'Preview generated values' }).click();
    const status = page.getByText(/^Showing 50 generated values/);
    await status.waitFor();
    const [, min, max] = /min (-?\d+(?:\.\d+)?), max (-?\d+(?:\.\d+)?)/
      .exec((await status.textContent()) ?? '')!
      .map(Number);
    const ys = drawn.map((p) => p.y);
    assert.ok(
      min >= Math.min(...ys) - 0.01 && max <= Math.max(...ys) + 0.01,
      `values ${min}..${max} stay within the points (no noise)`,
    );

    await page.getByRole('button', { name: 'Delete scenario' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete scenario' }).click();
    await page.getByText('Choose a scenario to edit').waitFor();
    // The list is read again after the editor closes: wait for the scenario's button to go.
    await page.getByRole('button', { name: 'Traffic' }).waitFor({ state: 'detached' });
  });

  test('a scenario the server refuses shows why; the editor fits a 390 px screen', async () => {
    const page = await signedInPage(suite, '/scenarios');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'New scenario' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Twins');
    // Two points at one x: the server names the problem.
    await page.getByLabel('x of point 2').fill('0');
    await page.getByLabel('x of point 2').press('Enter');
    await page.getByRole('button', { name: 'Save scenario' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /Not saved:.*points\[\d\]/);
    const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    assert.ok(width <= 390, `the page is ${width}px wide`);

    // Unsaved changes are not dropped without asking.
    await page.getByRole('button', { name: 'New scenario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'Twins');
    await page.getByRole('button', { name: 'New scenario' }).click();
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), '');
  });
});
