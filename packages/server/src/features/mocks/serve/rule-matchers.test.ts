/**
 * The richer rule matchers through real HTTP on both databases: documents saved through
 * POST /api/mocks (so validation runs), requests sent to /mock/<slug>, and hostile inputs that
 * must be refused on save naming the rule, or answered without stalling the suite.server.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { serverForSuite } from '../../../testing/server-fixture.js';
import { fetchAnswer as call, jsonRequest } from '../../../testing/http-calls.js';
import { insertMock } from './mock-fixture.js';

interface RuleDraft {
  target: string;
  name?: string;
  operator: string;
  value?: string;
}

/** A route answering 'hit' when the rules hold, else 'miss'. */
const ruleRoute = (path: string, rules: RuleDraft[], method = 'ANY') => ({
  method,
  path,
  responses: [
    { rules, body: { type: 'json', value: 'hit' } },
    { default: true, body: { type: 'json', value: 'miss' } },
  ],
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`richer mock rule matchers (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, async () => {
    const suite = serverForSuite(dialect);

    const save = (name: string, routes: unknown[]) =>
      call(`${suite.server.url}/api/mocks?key=${suite.key}`, jsonRequest({ name, public: true, routes }));
    const saved = async (name: string, routes: unknown[]) => {
      const answer = await save(name, routes);
      assert.equal(answer.status, 201, answer.text);
      return answer.json.slug as string;
    };
    const refusedAt = async (routes: unknown[], path: string, message: RegExp) => {
      const answer = await save('Refused', routes);
      assert.equal(answer.status, 400, answer.text);
      assert.equal(answer.json.details[0].path, path, answer.text);
      assert.match(answer.json.error, message);
    };

    test('contains finds text anywhere in the value (any of a repeated parameter); absent is missing', async () => {
      const slug = await saved('Contains', [
        ruleRoute('/q', [{ target: 'query', name: 'tag', operator: 'contains', value: 'urgent' }]),
        ruleRoute('/b', [{ target: 'body', name: 'note', operator: 'contains', value: '"' }]),
        ruleRoute('/h', [{ target: 'header', name: 'X-Trace', operator: 'absent' }]),
        ruleRoute('/m', [{ target: 'query', name: 'page', operator: 'missing' }]),
      ]);
      const get = async (path: string, init?: RequestInit) =>
        (await call(`${suite.server.url}/mock/${slug}${path}`, init)).json;
      assert.equal(await get('/q?tag=not-urgent-at-all'), 'hit');
      assert.equal(await get('/q?tag=low&tag=very-urgent'), 'hit', 'any of the values');
      assert.equal(await get('/q?tag=Urgent'), 'miss', 'case matters');
      assert.equal(await get('/q'), 'miss', 'no value contains anything');
      const post = (note: unknown) =>
        get('/b', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ note }) });
      assert.equal(await post('say "hi"'), 'hit');
      assert.equal(await post('say hi'), 'miss');
      assert.equal(await post({ a: 1 }), 'hit', 'an object is compared as its JSON text');
      assert.equal(await get('/h'), 'hit');
      assert.equal(await get('/h', { headers: { 'x-trace': '1' } }), 'miss');
      assert.equal(await get('/m'), 'hit');
      assert.equal(await get('/m?page=2'), 'miss');
      const document = await call(`${suite.server.url}/api/mocks/Contains?key=${suite.key}`);
      assert.equal(document.json.routes[2].responses[0].rules[0].operator, 'absent', 'kept as written');
    });

    test('contains needs some text, and absent no value: refused on save naming the rule', async () => {
      await refusedAt(
        [ruleRoute('/x', [{ target: 'query', name: 'q', operator: 'contains', value: '' }])],
        'routes[0].responses[0].rules[0].value',
        /^routes\[0\]\.responses\[0\]\.rules\[0\]\.value must be some text for operator "contains"/,
      );
      await refusedAt(
        [ruleRoute('/x', [{ target: 'query', name: 'q', operator: 'absent', value: 'x' }])],
        'routes[0].responses[0].rules[0].value',
        /is not used with operator "absent"/,
      );
    });
    test("cookie rules read the request's cookies as a cookie parser does; Rowloom's own are never readable, and the log keeps no Cookie", async () => {
      const slug = await saved('Cookies', [
        ruleRoute('/c', [{ target: 'cookie', name: 'session_id', operator: 'equals', value: 'a b;c' }]),
        ruleRoute('/theme', [{ target: 'cookie', name: 'theme', operator: 'in', value: 'dark, dim' }]),
        ruleRoute('/none', [{ target: 'cookie', name: 'session_id', operator: 'absent' }]),
      ]);
      const get = async (path: string, cookie?: string) =>
        (await call(`${suite.server.url}/mock/${slug}${path}`, { headers: cookie ? { cookie } : {} })).json;
      assert.equal(await get('/c', 'theme=dark; session_id=a%20b%3Bc'), 'hit', 'percent-decoded');
      assert.equal(await get('/c', 'session_id="a%20b%3Bc"'), 'miss', 'quotes are part of the value (RFC 6265)');
      assert.equal(await get('/c', 'session_id=a b'), 'miss');
      assert.equal(await get('/c', 'Session_ID=a%20b%3Bc'), 'miss', 'cookie names are case-sensitive');
      assert.equal(await get('/theme', 'x=1;theme=dim'), 'hit');
      assert.equal(await get('/none'), 'hit');
      assert.equal(await get('/none', 'other=1'), 'hit');
      assert.equal(await get('/none', 'session_id='), 'miss', 'an empty cookie is present');
      const log = await call(`${suite.server.url}/api/mocks/Cookies/requests?key=${suite.key}`);
      assert.equal(log.status, 200, log.text);
      assert.ok(log.json.requests.length > 0, log.text);
      for (const entry of log.json.requests) assert.equal(entry.headers.cookie, undefined, JSON.stringify(entry));
    });

    test('a rule naming a rowloom_* cookie is refused on save; one stored before never sees it', async () => {
      for (const name of ['rowloom_session', 'ROWLOOM_device', '__Secure-rowloom_session']) {
        await refusedAt(
          [ruleRoute('/x', [{ target: 'cookie', name, operator: 'exists' }])],
          'routes[0].responses[0].rules[0].name',
          /^routes\[0\]\.responses\[0\]\.rules\[0\]\.name may not name the cookie .*rowloom_/,
        );
      }
      await refusedAt(
        [ruleRoute('/x', [{ target: 'cookie', name: 'a=b', operator: 'exists' }])],
        'routes[0].responses[0].rules[0].name',
        /must be a cookie name/,
      );
      await refusedAt(
        [ruleRoute('/x', [{ target: 'cookie', operator: 'exists' }])],
        'routes[0].responses[0].rules[0].name',
        /is needed with target "cookie"/,
      );
      const rules = [
        { target: 'cookie' as const, name: 'rowloom_session', operator: 'exists' as const },
        { target: 'cookie' as const, name: '__Host-rowloom_session', operator: 'exists' as const },
      ];
      await insertMock(suite.server.store.db, suite.key, {
        name: 'Sneaky',
        public: true,
        routes: [
          {
            path: '/peek',
            responses: [
              { rules, rulesOperator: 'any', body: { type: 'json', value: 'seen' } },
              { default: true, body: { type: 'json', value: 'unseen' } },
            ],
          },
        ],
      });
      const answer = await call(`${suite.server.url}/mock/sneaky/peek`, {
        headers: { cookie: 'rowloom_session=secret; __Host-rowloom_session=secret' },
      });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json, 'unseen');
    });
    test('jsonpath rules select from the JSON body (RFC 9535): the rule holds when any selected value matches, compared as text', async () => {
      const slug = await saved('Json paths', [
        ruleRoute('/sku', [{ target: 'jsonpath', name: '$.items[*].sku', operator: 'equals', value: 'B-2' }]),
        ruleRoute('/filter', [
          { target: 'jsonpath', name: '$.items[?@.qty > 5].sku', operator: 'regex', value: '^A-' },
        ]),
        ruleRoute('/deep', [{ target: 'jsonpath', name: '$..id', operator: 'in', value: '7, 8' }]),
        ruleRoute('/object', [{ target: 'jsonpath', name: '$.user', operator: 'equals', value: '{"id":1}' }]),
        ruleRoute('/none', [{ target: 'jsonpath', name: "$['missing key']", operator: 'absent' }]),
        ruleRoute('/ne', [{ target: 'jsonpath', name: '$.items[*].sku', operator: 'not_equals', value: 'B-2' }]),
      ]);
      const post = async (path: string, body: unknown, contentType = 'application/json') =>
        (
          await call(`${suite.server.url}/mock/${slug}${path}`, {
            method: 'POST',
            headers: { 'content-type': contentType },
            body: typeof body === 'string' ? body : JSON.stringify(body),
          })
        ).json;
      const order = {
        items: [
          { sku: 'A-1', qty: 9 },
          { sku: 'B-2', qty: 1 },
        ],
        user: { id: 1 },
      };
      assert.equal(await post('/sku', order), 'hit', 'any of the selected values');
      assert.equal(await post('/sku', { items: [{ sku: 'A-1' }] }), 'miss');
      assert.equal(await post('/filter', order), 'hit');
      assert.equal(await post('/filter', { items: [{ sku: 'A-1', qty: 2 }] }), 'miss');
      assert.equal(await post('/deep', { a: { b: [{ id: 8 }] } }), 'hit', 'numbers compared as written');
      assert.equal(await post('/object', order), 'hit', 'an object as its JSON text');
      assert.equal(await post('/none', order), 'hit');
      assert.equal(await post('/none', { 'missing key': null }), 'miss', 'a null is selected');
      assert.equal(await post('/ne', order), 'miss', 'not_equals: none of them equals');
      assert.equal(await post('/ne', { items: [{ sku: 'A-1' }] }), 'hit');
      assert.equal(await post('/ne', {}), 'hit', 'nothing selected equals nothing');
      assert.equal(await post('/none', 'not json', 'text/plain'), 'hit', 'a text body has no JSON to select from');
      assert.equal(await post('/sku', '"B-2"'), 'miss');
    });

    test('a jsonpath that does not compile, uses match()/search() or is longer than 500 characters is refused on save naming the rule', async () => {
      const cases: [string, RegExp][] = [
        ['$.items[', /^routes\[0\]\.responses\[0\]\.rules\[0\]\.name is not a JSONPath: /],
        ['items.sku', /is not a JSONPath/],
        ["$[?match(@.a, 'a.*')]", /match\(\) and search\(\) are not available/],
        [`$${'.a'.repeat(260)}`, /is 521 characters long; at most 500 are allowed/],
      ];
      for (const [name, message] of cases)
        await refusedAt(
          [ruleRoute('/x', [{ target: 'jsonpath', name, operator: 'exists' }])],
          'routes[0].responses[0].rules[0].name',
          message,
        );
      await refusedAt(
        [ruleRoute('/x', [{ target: 'header', name: 'x'.repeat(300), operator: 'exists' }])],
        'routes[0].responses[0].rules[0].name',
        /is 300 characters long; at most 256 are allowed/,
      );
    });

    test('hostile bodies and paths: work is counted, a request past it gets a 422 naming the rule, the next is served', async () => {
      const explode = `$${'..*'.repeat(12)}`;
      const slug = await saved('Json hostile', [
        ruleRoute('/explode', [{ target: 'jsonpath', name: explode, operator: 'exists' }]),
        ruleRoute('/filter', [{ target: 'jsonpath', name: '$..[?@..x && $..y]', operator: 'exists' }]),
        ruleRoute('/sku', [{ target: 'jsonpath', name: '$.items[*].sku', operator: 'equals', value: 'last' }]),
      ]);
      let deep: unknown = 1;
      for (let i = 0; i < 90; i++) deep = { x: deep, y: [i] };
      const wide = { items: Array.from({ length: 7_000 }, (_, i) => ({ sku: i === 6_999 ? 'last' : `s${i}` })) };
      const post = (path: string, body: unknown) =>
        call(`${suite.server.url}/mock/${slug}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      for (const [path, body] of [
        ['/explode', deep],
        ['/filter', deep],
        ['/explode', wide],
      ] as const) {
        const started = performance.now();
        const answer = await post(path, body);
        const took = performance.now() - started;
        assert.equal(answer.status, 422, `${path}: ${answer.text.slice(0, 300)}`);
        assert.match(
          answer.json.error,
          /^routes\[\d\]\.responses\[0\]\.rules\[0\]\.name could not be evaluated: this request's JSONPath and XPath rules would read more than 25000 values/,
        );
        // Generous: proves the work stops, not how fast it is.
        assert.ok(took < 3000, `${path} took ${Math.round(took)} ms`);
      }
      const answer = await post('/sku', wide);
      assert.equal(answer.status, 200, answer.text.slice(0, 300));
      assert.equal(answer.json, 'hit', '7,000 items by a plain path fit the budget');
      let chain: unknown = 1;
      for (let i = 0; i < 12; i++) chain = { a: chain };
      assert.equal((await post('/explode', chain)).json, 'hit', 'nothing remembered from the hostile ones');
    });
    test('form rules read urlencoded and multipart fields (any of a repeated one; a file part by its filename), after binary parts too', async () => {
      const slug = await saved('Forms', [
        ruleRoute('/email', [{ target: 'form', name: 'email', operator: 'contains', value: '@example.com' }]),
        ruleRoute('/tag', [{ target: 'form', name: 'tag', operator: 'equals', value: 'b' }]),
        ruleRoute('/file', [{ target: 'form', name: 'avatar', operator: 'regex', value: '\\.png$' }]),
        ruleRoute('/after', [{ target: 'form', name: 'note', operator: 'equals', value: 'héllo ✓' }]),
        ruleRoute('/none', [{ target: 'form', name: 'email', operator: 'missing' }]),
      ]);
      const post = async (path: string, body: RequestInit['body'], headers: Record<string, string> = {}) =>
        (await call(`${suite.server.url}/mock/${slug}${path}`, { method: 'POST', headers, body })).json;
      const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
      assert.equal(await post('/email', 'email=ada%40example.com&x=1', urlencoded), 'hit');
      assert.equal(await post('/email', 'email=ada%40example.org', urlencoded), 'miss');
      assert.equal(await post('/tag', 'tag=a&tag=b', urlencoded), 'hit', 'any of its values');
      const form = new FormData();
      form.append('email', 'grace@example.com');
      form.append('tag', 'a');
      form.append('tag', 'b');
      // Bytes that are not UTF-8 (a PNG's signature, 0xff...) before a text field.
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0xc3, 0x28]);
      form.append('avatar', new Blob([png], { type: 'image/png' }), 'me.png');
      form.append('note', 'héllo ✓');
      for (const path of ['/email', '/tag', '/file', '/after']) assert.equal(await post(path, form), 'hit', path);
      assert.equal(await post('/none', form), 'miss');
      assert.equal(await post('/none', JSON.stringify({ email: 'x' }), { 'content-type': 'application/json' }), 'hit');
      assert.equal(
        await post('/none', 'email=x', { 'content-type': 'text/plain' }),
        'hit',
        'only a form body has fields',
      );
    });

    test('hostile forms: parts past 200 are ignored, a malformed or boundary-less multipart body has no fields, a 900 KB field is read in bounds', async () => {
      const slug = await saved('Form hostile', [
        ruleRoute('/last', [{ target: 'form', name: 'f200', operator: 'exists' }]),
        ruleRoute('/first', [{ target: 'form', name: 'f0', operator: 'exists' }]),
        ruleRoute('/big', [{ target: 'form', name: 'big', operator: 'contains', value: 'needle' }]),
      ]);
      const post = (path: string, body: RequestInit['body'], headers: Record<string, string> = {}) =>
        call(`${suite.server.url}/mock/${slug}${path}`, { method: 'POST', headers, body });
      const many = Array.from({ length: 5000 }, (_, i) => `f${i}=${i}`).join('&');
      const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
      assert.equal((await post('/first', many, urlencoded)).json, 'hit');
      assert.equal((await post('/last', many, urlencoded)).json, 'miss', 'the 201st part is not read');
      const boundary = 'XyZ';
      const broken = `--${boundary}\r\nContent-Disposition: form-data; name="f0"\r\n\r\nvalue`;
      for (const [body, type] of [
        [broken, `multipart/form-data; boundary=${boundary}`],
        ['f0=1', 'multipart/form-data'],
        [`--${boundary}\r\n${'x'.repeat(100_000)}`, `multipart/form-data; boundary=${boundary}`],
      ]) {
        const answer = await post('/first', body, { 'content-type': type });
        assert.equal(answer.status, 200, answer.text);
        assert.equal(answer.json, 'miss', `${type}: ${body.slice(0, 40)}`);
      }
      const big = new FormData();
      big.append('big', `${'x'.repeat(900_000)}needle`);
      const answer = await post('/big', big);
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json, 'miss', 'a field is read to its first 64 KiB');
      const small = new FormData();
      small.append('big', `${'x'.repeat(60_000)}needle`);
      assert.equal((await post('/big', small)).json, 'hit');
    });
    test('xpath rules read an XML body (XPath 1.0; any selected node; unprefixed names in any namespace); entities are never expanded', async () => {
      const slug = await saved('Xml paths', [
        ruleRoute('/sku', [{ target: 'xpath', name: '/order/item/@sku', operator: 'equals', value: 'B-2' }]),
        ruleRoute('/text', [{ target: 'xpath', name: '//item[@qty > 5]/name', operator: 'contains', value: 'widget' }]),
        ruleRoute('/count', [{ target: 'xpath', name: 'count(//item)', operator: 'gt', value: '1' }]),
        ruleRoute('/none', [{ target: 'xpath', name: '/order/coupon', operator: 'absent' }]),
        ruleRoute('/lol', [{ target: 'xpath', name: '/lolz', operator: 'contains', value: 'lollol' }]),
      ]);
      const post = async (path: string, body: string) =>
        (
          await call(`${suite.server.url}/mock/${slug}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/xml' },
            body,
          })
        ).json;
      const order =
        '<?xml version="1.0"?><order xmlns="urn:shop"><item sku="A-1" qty="9"><name>Blue widget</name></item><item sku="B-2" qty="1"><name>Bolt</name></item></order>';
      assert.equal(
        await post('/sku', order),
        'hit',
        'any of the selected attributes; the default namespace is matched',
      );
      assert.equal(await post('/sku', '<order><item sku="A-1"/></order>'), 'miss');
      assert.equal(await post('/text', order), 'hit');
      assert.equal(await post('/count', order), 'hit', 'a number result as text');
      assert.equal(await post('/count', '<order><item/></order>'), 'miss');
      assert.equal(await post('/none', order), 'hit');
      assert.equal(await post('/none', '<order><coupon/></order>'), 'miss');
      assert.equal(await post('/none', '<order><unclosed></order>'), 'hit', 'not well-formed: nothing to select');
      assert.equal(await post('/none', '{"order": {"coupon": 1}}'), 'hit', 'not XML');
      const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`,
      ).join('')}]><lolz>&lol9;</lolz>`;
      const started = performance.now();
      assert.equal(await post('/lol', laughs), 'miss', 'entities are left as text, never expanded');
      assert.ok(performance.now() - started < 3000);
      const xxe = '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><lolz>&xxe;</lolz>';
      assert.equal(await post('/lol', xxe), 'miss', 'no external entity is read');
    });

    test('xpath: bad expressions refused on save naming the rule; hostile bodies and expressions answered within bounds', async () => {
      const cases: [string, RegExp][] = [
        ['/order/item[', /^routes\[0\]\.responses\[0\]\.rules\[0\]\.name is not an XPath 1\.0 expression/],
        ['matches(/a, "x")', /cannot be evaluated: Unknown function/],
        ['$total', /cannot be evaluated: Undeclared variable/],
        ['/p:order', /cannot be evaluated/],
      ];
      for (const [name, message] of cases)
        await refusedAt(
          [ruleRoute('/x', [{ target: 'xpath', name, operator: 'exists' }])],
          'routes[0].responses[0].rules[0].name',
          message,
        );
      const slug = await saved('Xml hostile', [
        ruleRoute('/quadratic', [{ target: 'xpath', name: '//*[count(//*) > 0]', operator: 'exists' }]),
        ruleRoute('/last', [{ target: 'xpath', name: '/r/i[last()]/s', operator: 'equals', value: 'v499' }]),
        ruleRoute('/deep', [{ target: 'xpath', name: '//d', operator: 'absent' }]),
      ]);
      const post = (path: string, body: string) =>
        call(`${suite.server.url}/mock/${slug}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'text/xml' },
          body,
        });
      const wide = (n: number) =>
        `<r>${Array.from({ length: n }, (_, i) => `<i n="${i}"><s>v${i}</s></i>`).join('')}</r>`;
      const started = performance.now();
      const hostile = await post('/quadratic', wide(5000));
      assert.ok(performance.now() - started < 3000, 'the work stops');
      assert.equal(hostile.status, 422, hostile.text.slice(0, 300));
      assert.match(hostile.json.error, /^routes\[0\]\.responses\[0\]\.rules\[0\]\.name could not be evaluated/);
      const fine = await post('/last', wide(500));
      assert.equal(fine.status, 200, fine.text.slice(0, 300));
      assert.equal(fine.json, 'hit', '500 siblings in document order, in bounds');
      let deep = 'x';
      for (let i = 0; i < 5000; i++) deep = `<d>${deep}</d>`;
      const answer = await post('/deep', deep);
      assert.equal(answer.status, 200, answer.text.slice(0, 300));
      assert.equal(answer.json, 'hit', 'a document nested past 100 levels is not read');
    });
  });
}
