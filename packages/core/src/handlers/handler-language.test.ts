import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkHandler, handlerSchemaNames } from './check-handler.js';
import { HANDLER_LIMITS } from './handler-contract.js';
import { HandlerError } from './handler-error.js';
import { runHandler } from './run-handler.js';
import { MOCKAROO_EXAMPLE, request, setup } from './handler-fixtures.js';

const run = (source: string, overrides = {}) => runHandler(setup(source, overrides));
const json = (source: string, overrides = {}) => JSON.parse(run(source, overrides).body) as unknown;

/** The HandlerError a run throws, as [reason, line, column]. */
function failure(source: string, overrides = {}): [string, number, number] {
  try {
    run(source, overrides);
  } catch (error) {
    assert.ok(error instanceof HandlerError, `a HandlerError, got ${String(error)}`);
    return [error.reason, error.line, error.column];
  }
  assert.fail('the handler ran without an error');
}

describe("Mockaroo's example handler", () => {
  test('answers a user for an id, and 404 with a message for id 404', () => {
    const user = run(MOCKAROO_EXAMPLE, { request: request({ pathParams: { id: '7' } }) });
    assert.equal(user.status, 200);
    assert.equal(user.contentType, 'application/json; charset=utf-8');
    assert.equal(user.rows, 1);
    const body = JSON.parse(user.body) as Record<string, unknown>;
    assert.equal(body.id, 7, 'the schema formula reads the request');
    assert.deepEqual(Object.keys(body), ['id', 'name', 'email']);

    const missing = run(MOCKAROO_EXAMPLE, { request: request({ pathParams: { id: '404' } }) });
    assert.equal(missing.status, 404);
    assert.deepEqual(JSON.parse(missing.body), { message: 'User not found with id 404' });
  });

  test('cache_for: gives the same user for the same request and another for another', () => {
    const body = (id: string, path = `/users/${id}`) =>
      run(MOCKAROO_EXAMPLE, { request: request({ path, pathParams: { id } }) }).body;
    assert.equal(body('7'), body('7'));
    assert.notEqual(
      JSON.parse(body('7')).name + JSON.parse(body('7')).email,
      JSON.parse(body('8')).name + JSON.parse(body('8')).email,
    );
  });

  test('checks clean and names its schema', () => {
    assert.deepEqual(checkHandler(MOCKAROO_EXAMPLE), []);
    assert.deepEqual(handlerSchemaNames(MOCKAROO_EXAMPLE), ['user']);
  });
});

describe('changing values with []=, as Mockaroo handlers adjust a generated row', () => {
  test("user['id'] = params['id'] on a generated row; user.merge(entity) for a PATCH", () => {
    const get =
      'schema "user"\nid = params["id"].to_i\nif id < 0 || id >= 100\n  status 500\n  { message: "User not found with id #{id}" }\nelse\n  user = generate 1, cache_for: 1.year\n  user["id"]=params["id"]\n  user\nend';
    assert.equal(
      (JSON.parse(run(get, { request: request({ pathParams: { id: '5' } }) }).body) as Record<string, unknown>).id,
      '5',
    );
    assert.equal(run(get, { request: request({ pathParams: { id: '100' } }) }).status, 500);
    const patch =
      "schema 'user'\nuser = generate 1, cache_for: 1.year\nuser['id'] = params['id']\nuser['name'] = entity['name'] if entity['name']\nuser.merge(entity)";
    const body = JSON.parse(
      run(patch, {
        request: request({ method: 'PATCH', pathParams: { id: '3' }, body: { name: 'Ram', email: 'ram@example.com' } }),
      }).body,
    ) as Record<string, unknown>;
    assert.deepEqual([body.id, body.name, body.email], ['3', 'Ram', 'ram@example.com']);
  });

  test('lists: an index past the end pads with nil; negative counts from the end; the bound holds', () => {
    assert.deepEqual(json('a = [1, 2]\na[4] = 5\na[-1] = 6\na'), [1, 2, null, null, 6]);
    assert.match(failure('a = []\na[10000] = 1')[0], /at most 10000 items/);
    assert.deepEqual(failure("a = 'text'\na[0] = 'T'"), [
      'only a key of a hash or an item of a list can be assigned',
      2,
      1,
    ]);
  });

  test("a key named __proto__ stays a key; the caller's request is not changed", () => {
    assert.equal(
      run("h = {}\nh['__proto__'] = { admin: true }\nh['x'] = h['admin']\nh").body,
      '{"__proto__":{"admin":true},"x":null}',
    );
    const asked = request({ method: 'POST', body: { name: 'a', list: [1] }, query: { q: '1' } });
    run("body['name'] = 'changed'\nbody['list'][0] = 9\nquery['q'] = '2'\nbody", { request: asked });
    assert.deepEqual([asked.body, asked.query], [{ name: 'a', list: [1] }, { q: '1' }]);
  });

  test('only a local or one element can be assigned', () => {
    const [problem] = checkHandler('x = 1\nx + 1 = 2');
    assert.deepEqual([problem.line, problem.column], [2, 7]);
    assert.match(problem.message, /only a local \(x = \.\.\.\) or one element/);
  });
});

describe('commands', () => {
  test('status, with and without parentheses; the default is the response status', () => {
    assert.equal(run('status 201\n{ ok: true }').status, 201);
    assert.equal(run('status(202); nil').status, 202);
    assert.equal(run("status '418'").status, 418);
    assert.equal(run('{ ok: true }', { defaultStatus: 203 }).status, 203);
  });

  test('header sets a response header; Content-Type sets the content type', () => {
    const result = run(
      "header 'X-Total', 42\nheader('X-Page', params['page'])\nheader 'Content-Type', 'text/csv'\n'a,b'",
      { request: request({ query: { page: '2' } }) },
    );
    assert.deepEqual(result.headers, { 'X-Total': '42', 'X-Page': '2' });
    assert.equal(result.contentType, 'text/csv');
    assert.equal(result.body, 'a,b');
  });

  test("schema then generate n: an object for 1, a list otherwise; bare generate makes the schema's count", () => {
    assert.equal((json("schema 'users'\ngenerate 1") as Record<string, unknown>).id, 1);
    assert.deepEqual(
      (json("schema 'users'\ngenerate 3") as { id: number }[]).map((row) => row.id),
      [1, 2, 3],
    );
    assert.deepEqual(json("schema 'users'\ngenerate 0"), []);
    assert.equal((json("schema 'users'\ngenerate") as unknown[]).length, 4);
    assert.equal(run("schema 'users'\ngenerate").rows, 4);
  });

  test('generate n, schema: overrides the chosen schema; the parenthesised form works too', () => {
    const body = json(
      "schema 'users'\nusers = generate 2\norders = generate(3, schema: 'orders')\n{ users: users.size, orders: orders.map_size }".replace(
        'orders.map_size',
        'orders.size',
      ),
    ) as Record<string, unknown>;
    assert.deepEqual(body, { users: 2, orders: 3 });
    assert.equal(run("a = generate 2, schema: 'orders'\nb = generate 3, schema: 'users'\nnil").rows, 5);
  });

  test("the request reaches the schema's formulas as request_params and request_entity", () => {
    const schemas = {
      echo: {
        fields: [
          { name: 'page', type: 'Formula', value: "request_params['page']" },
          { name: 'name', type: 'Formula', value: "request_entity['name'].upcase" },
          { name: 'id', type: 'Formula', value: "request_params['id']" },
        ],
        count: 1,
      },
    };
    const body = json("generate 1, schema: 'echo'", {
      schemas,
      request: request({
        method: 'POST',
        query: { page: '3', id: 'q' },
        pathParams: { id: '9' },
        body: { name: 'ada' },
      }),
    });
    assert.deepEqual(body, { page: '3', name: 'ADA', id: '9' });
  });

  test('the request names: params, query, headers, body, entity, request_entity, request_number, method, path', () => {
    const source =
      '{ p: params["id"], q: query["page"], h: headers["x-h"], b: body["name"], e: entity["name"], r: request_entity["n"], rp: request_params["page"], n: request_number, m: method, path: path }';
    const body = json(source, {
      request: request({
        method: 'POST',
        path: '/u/1',
        pathParams: { id: '1' },
        query: { page: '2' },
        headers: { 'x-h': 'v' },
        body: { name: 'x', n: 5 },
        requestNumber: 3,
      }),
    });
    assert.deepEqual(body, { p: '1', q: '2', h: 'v', b: 'x', e: 'x', r: 5, rp: '2', n: 3, m: 'POST', path: '/u/1' });
  });
});

describe('locals and values', () => {
  test('return ends the handler with a value (bare return: nil)', () => {
    const source =
      "if params['id'] == '404'\n  status 404\n  return { error: 'no user' }\nend\nreturn if params['id'] == '0'\n{ ok: true }";
    const missing = run(source, { request: request({ pathParams: { id: '404' } }) });
    assert.deepEqual([missing.status, missing.body], [404, '{"error":"no user"}']);
    assert.equal(run(source, { request: request({ pathParams: { id: '0' } }) }).body, '');
    assert.equal(run(source, { request: request({ pathParams: { id: '1' } }) }).body, '{"ok":true}');
  });

  test('symbols read as their names: params[:id], { status: :ok }', () => {
    assert.deepEqual(json('{ id: params[:id], state: :ok }', { request: request({ pathParams: { id: '4' } }) }), {
      id: '4',
      state: 'ok',
    });
    assert.equal(run('x = params[:missing]\nx.nil?').body, 'true');
  });

  test('one-line if/then/else and case/when', () => {
    assert.equal(run("if params['a'] then 'yes' else 'no' end").body, 'no');
    assert.equal(
      run("case query['k']\nwhen 'a' then status 201; 'A'\nwhen 'b'\n  x = 'B'\n  x * 2\nelse 'other'\nend", {
        request: request({ query: { k: 'b' } }),
      }).body,
      'BB',
    );
  });

  test('a local holds a value, may be reassigned, and reads in interpolation', () => {
    assert.deepEqual(
      json('id = params[\'id\'].to_i\nid = id * 2\n{ id: id, text: "id #{id}" }', {
        request: request({ pathParams: { id: '21' } }),
      }),
      { id: 42, text: 'id 42' },
    );
  });

  test('a local assigned in a branch that did not run is nil; modifiers apply to the whole statement', () => {
    assert.deepEqual(json('if false\n  x = 1\nend\ny = 2 if false\nz = 3 unless false\n[x, y, z]'), [null, null, 3]);
  });

  test('if/elsif/else blocks hold statements; `;` separates statements on one line', () => {
    const source =
      "n = params['n'].to_i\nif n > 10\n  status 400; { error: 'big' }\nelsif n > 5\n  status 202\n  'middle'\nelse\n  n\nend";
    assert.deepEqual(
      [
        run(source, { request: request({ query: { n: '11' } }) }).status,
        run(source, { request: request({ query: { n: '11' } }) }).body,
      ],
      [400, '{"error":"big"}'],
    );
    const middle = run(source, { request: request({ query: { n: '6' } }) });
    assert.deepEqual([middle.status, middle.body, middle.contentType], [202, 'middle', 'text/plain; charset=utf-8']);
    assert.equal(run(source, { request: request({ query: { n: '2' } }) }).body, '2');
  });

  test('the last value is the body: nil is empty, a number JSON, dates text', () => {
    assert.deepEqual(
      [run('nil').body, run('').body, run('1 + 1').body, run("x = 1\n[x, 'a', nil, 2.5]").body],
      ['', '', '2', '[1,"a",null,2.5]'],
    );
    assert.equal(run("Date.parse('2024-01-02').strftime('%Y')").body, '2024');
  });

  test('durations: 1.year, 2.hours are values; formula functions and methods work as in formulas', () => {
    assert.deepEqual(json("{ up: 'abc'.upcase, n: [3, 1, 2].max, s: concat('a', 1), k: params.key?('id') }"), {
      up: 'ABC',
      n: 3,
      s: 'a1',
      k: false,
    });
    assert.equal(json('1.year + 2.hours'), 365 * 0 + 12 * 30 * 86400 + 7200);
  });
});

describe('problems, each with its position', () => {
  test('an unknown name, with a suggestion', () => {
    assert.deepEqual(checkHandler('user = 1\nusr + 1'), [
      { message: "unknown name 'usr'; did you mean 'user'?", line: 2, column: 1 },
    ]);
    assert.deepEqual(failure('x = 1\nparms["id"]'), ["unknown name 'parms'; did you mean 'params'?", 2, 1]);
  });

  test('reading a local before it is assigned', () => {
    const problems = checkHandler('y = x + 1\nx = 2');
    assert.deepEqual(
      problems.map((p) => [p.line, p.column]),
      [[1, 5]],
    );
    assert.match(problems[0].message, /^unknown name 'x'/);
  });

  test('assigning to a name of the language', () => {
    assert.equal(checkHandler('params = 1')[0].line, 1);
    assert.match(checkHandler('x = 1\nstatus = 2')[0].message, /'status' is a name of the handler language/);
  });

  test('two statements on one line without ";"', () => {
    const [problem] = checkHandler('status 404 { message: 1 }');
    assert.deepEqual([problem.line, problem.column], [1, 12]);
    assert.match(problem.message, /separated by a newline or ";"/);
  });

  test('an if without end', () => {
    const [problem] = checkHandler('if params["id"]\n  status 404\n  1');
    assert.match(problem.message, /expected "end" to close "if" opened at 1:1, found end of handler/);
    assert.deepEqual([problem.line, problem.column], [3, 4]);
  });

  test('too many statements', () => {
    const source = Array.from({ length: HANDLER_LIMITS.statements + 1 }, (_, i) => `x${i} = ${i}`).join('\n');
    assert.deepEqual(checkHandler(source), [
      {
        message: `too many statements (a handler has at most ${HANDLER_LIMITS.statements})`,
        line: HANDLER_LIMITS.statements + 1,
        column: 1,
      },
    ]);
    assert.deepEqual(checkHandler(source.split('\n').slice(1).join('\n')), []);
    // Statements inside branches count too: the `if` is one, its 200 statements make 201.
    const nested = `if true\n${source.split('\n').slice(1).join('\n')}\nend`;
    assert.deepEqual(
      checkHandler(nested).map((p) => [p.line, p.column]),
      [[HANDLER_LIMITS.statements + 1, 1]],
    );
  });

  test('a source too long', () => {
    const source = `'${'a'.repeat(HANDLER_LIMITS.sourceChars)}'`;
    assert.deepEqual(failure(source), [
      `handler is too long (${source.length} characters; the limit is ${HANDLER_LIMITS.sourceChars})`,
      1,
      1,
    ]);
  });

  test('command arguments: status out of range, unknown keyword, non-literal schema, reserved header', () => {
    assert.deepEqual(
      checkHandler(
        "status 99\ngenerate 1, schema: 'users', seed: 1\nschema params['s']\nheader 'Content-Length', 1",
      ).map((p) => [p.line, p.column]),
      [
        [1, 8],
        [2, 36],
        [3, 8],
        [4, 8],
      ],
    );
    assert.deepEqual(
      handlerSchemaNames(
        "schema params['s']\ngenerate 1, schema: 'orders'\nschema \"users\"\ngenerate 2, schema: 'orders'",
      ),
      ['orders', 'users'],
    );
  });

  test('run-time problems: a bad status value, generate without a schema, an unknown schema, a bad count, a header with a line break', () => {
    assert.deepEqual(failure("x = 'abc'\nstatus x"), [
      'status must be a whole number from 100 to 599, got "abc"',
      2,
      8,
    ]);
    assert.deepEqual(failure('y = 1\ngenerate 2'), [
      "generate needs a schema: write schema 'name' before it, or generate 10, schema: 'name'",
      2,
      1,
    ]);
    assert.deepEqual(failure("generate 2, schema: 'user5'"), [
      "no saved schema named 'user5'; did you mean 'user'?",
      1,
      1,
    ]);
    assert.deepEqual(failure("schema 'users'\ngenerate -1"), [
      "generate's row count must be a whole number of 0 or more, got -1",
      2,
      10,
    ]);
    assert.deepEqual(failure('header \'X-A\', "a\\nb"'), ['the value of header X-A may not hold line breaks', 1, 15]);
  });

  test('too many rows for the request', () => {
    assert.deepEqual(failure("schema 'users'\na = generate 3\nb = generate 3", { maxRows: 5 }), [
      'generate would make 6 rows in all; one request may make at most 5',
      3,
      5,
    ]);
    assert.equal(run("schema 'users'\na = generate 3\nb = generate 2", { maxRows: 5 }).rows, 5);
  });

  test('a body too big, however it was built (shared lists included), and rows too big to build', () => {
    const [reason, line] = failure("a = 'x' * 100000\nb = [a, a, a, a, a, a, a, a, a, a, a]\nb");
    assert.match(reason, /response body is larger than 1,048,576 bytes/);
    assert.equal(line, 3);
    // Ten thousand references to a 100,000-character list would be gigabytes of JSON: stopped at the limit.
    assert.match(
      failure(
        "a = 'x' * 100000\nb = [a, a, a, a, a, a, a, a, a, a]\nc = [b, b, b, b, b, b, b, b, b, b]\n[c, c, c, c, c, c, c, c, c, c]",
      )[0],
      /larger than/,
    );
    const wide = { wide: { fields: [{ name: 't', type: 'Formula', value: "'y' * 100000" }], count: 1 } };
    assert.match(failure("generate 50, schema: 'wide'", { schemas: wide })[0], /more text than a handler may build/);
  });

  test('a deeply nested request body: read by key it works, returned whole past 400 levels it is refused, past 1000 levels refused outright', () => {
    const nest = (levels: number) => {
      let deep: unknown = 'bottom';
      for (let i = 0; i < levels; i++) deep = { d: deep };
      return deep;
    };
    const deep = request({ method: 'POST', body: nest(900) });
    assert.deepEqual(failure('x = 1\nbody', { request: deep }), [
      'the response body is nested more than 400 levels deep',
      2,
      1,
    ]);
    assert.equal(run("body['d']['d'].nil?", { request: deep }).body, 'false');
    assert.equal(run('x = "#{body}"\nx.size > 4000', { request: deep }).body, 'true');
    assert.deepEqual(failure("body['d']", { request: request({ body: nest(20_000) }) }), [
      'the request body is nested more than 1000 levels deep, too deep for a handler',
      1,
      1,
    ]);
  });

  test('every problem of a source is reported by checkHandler; runHandler names the first', () => {
    const source = 'a = nope\nb = alsonope';
    assert.equal(checkHandler(source).length, 2);
    const [reason, line, column] = failure(source);
    assert.match(reason, /^unknown name 'nope'.* \(and 1 more problem; check the handler to see them all\)$/);
    assert.deepEqual([line, column], [1, 5]);
  });
});

describe('repeatability', () => {
  const source = "schema 'users'\n{ rows: generate(5), more: generate(2), pick: random(1, 1000000) }";
  test('the same requestSeed gives the same bytes; another seed other bytes', () => {
    const a = run(source, { requestSeed: 'GET /users' }).body;
    assert.equal(run(source, { requestSeed: 'GET /users' }).body, a);
    assert.notEqual(run(source, { requestSeed: 'GET /users?page=2' }).body, a);
  });

  test('two generate calls of one run make different rows', () => {
    const body = JSON.parse(run("schema 'users'\n[generate(3), generate(3)]", { requestSeed: 's' }).body) as {
      name: string;
    }[][];
    assert.notDeepEqual(
      body[0].map((r) => r.name),
      body[1].map((r) => r.name),
    );
  });

  test('without a seed or cache_for:, each run draws fresh rows', () => {
    assert.notEqual(run(source).body, run(source).body);
  });
});
