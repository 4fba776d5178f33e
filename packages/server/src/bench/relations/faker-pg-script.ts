/**
 * Child process: the benchmark's three tables written the way a typical developer seeds a
 * database with @faker-js/faker and node-postgres: faker calls per field, rows collected into
 * multi-row parameterised INSERTs of 1,000 rows, one transaction. The yardstick Rowloom's load
 * is compared against; deliberately plain, do not tune it.
 * Arguments: <postgres url with search_path> <customers>
 */
import { faker } from '@faker-js/faker';
import pg from 'pg';

const [url, customersText] = process.argv.slice(2);
const customers = Number(customersText);
const BATCH = 1000;
const STATUSES = ['placed', 'shipped', 'delivered', 'returned'];

async function insertAll(
  client: pg.Client,
  table: string,
  columns: string[],
  rows: AsyncIterable<unknown[]> | Iterable<unknown[]>,
) {
  let batch: unknown[][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch
      .map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
      .join(', ');
    await client.query(`insert into ${table} (${columns.join(', ')}) values ${values}`, batch.flat());
    batch = [];
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH) await flush();
  }
  await flush();
}

function* customerRows() {
  for (let id = 1; id <= customers; id++) {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    yield [
      id,
      first,
      last,
      faker.internet.email({ firstName: first, lastName: last }),
      faker.date.between({ from: '2020-01-01', to: '2024-12-31' }),
    ];
  }
}

const orderCounts: number[] = [];
function* orderRows() {
  let id = 0;
  for (let customer = 1; customer <= customers; customer++)
    for (let n = faker.number.int({ min: 5, max: 15 }); n > 0; n--) {
      id++;
      orderCounts.push(faker.number.int({ min: 1, max: 5 }));
      yield [
        id,
        customer,
        faker.helpers.arrayElement(STATUSES),
        faker.date.between({ from: '2024-01-01', to: '2024-12-31' }),
      ];
    }
}

function* lineRows() {
  for (let order = 1; order <= orderCounts.length; order++)
    for (let line = 1; line <= orderCounts[order - 1]; line++)
      yield [
        order,
        line,
        faker.commerce.productName(),
        faker.number.int({ min: 1, max: 9 }),
        faker.commerce.price({ min: 1, max: 500 }),
      ];
}

const client = new pg.Client({ connectionString: url });
await client.connect();
const started = process.hrtime.bigint();
await client.query('begin');
await insertAll(client, 'customers', ['id', 'first_name', 'last_name', 'email', 'created_at'], customerRows());
await insertAll(client, 'orders', ['id', 'customer_id', 'status', 'placed_at'], orderRows());
await insertAll(client, 'order_lines', ['order_id', 'line_no', 'product', 'quantity', 'price'], lineRows());
await client.query('commit');
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
await client.end();
process.stdout.write(JSON.stringify({ seconds }) + '\n');
