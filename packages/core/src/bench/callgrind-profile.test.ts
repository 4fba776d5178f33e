import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  costsPerRow,
  displayName,
  groupTotals,
  instructionsByFunction,
  PerfMap,
  UNNAMED_JIT_CODE,
} from './callgrind-profile.js';

const PERF_MAP = [
  'd0c6dc0 f4c JS:*row file:///work/main/packages/core/dist/writers/csv-writer.js:88:8',
  'd0cb3c0 954 JS:^row file:///work/main/packages/core/dist/engine/row-engine.js:47:8',
  'd0ca980 7d4 JS:* file:///work/main/packages/core/dist/types/person-types.js:68:137',
  'd0d5000 100 JS:~read node:internal/streams/readable:647:35',
].join('\n');

/** The flat part of callgrind_annotate's output, as it prints it. */
function annotated(lines: string[]): string {
  return ['--------', 'Ir                    file:function', '--------', ...lines, ''].join('\n');
}

test('JIT addresses are named from the perf map, anywhere inside the code object', () => {
  const map = new PerfMap(PERF_MAP);
  assert.equal(map.nameAt(0xd0c6dc0), 'JS:*row file:///work/main/packages/core/dist/writers/csv-writer.js:88:8');
  assert.equal(
    map.nameAt(0xd0c6dc0 + 0xf4b),
    'JS:*row file:///work/main/packages/core/dist/writers/csv-writer.js:88:8',
  );
  assert.equal(map.nameAt(0xd0c6dc0 + 0xf4c), null);
  assert.equal(map.nameAt(0x1000), null);
});

test('names drop the tier marker, the path up to dist/, and C++ argument lists', () => {
  assert.equal(
    displayName('JS:*row file:///work/main/packages/core/dist/writers/csv-writer.js:88:8'),
    'row writers/csv-writer.js:88:8',
  );
  assert.equal(
    displayName('JS:^row file:///work/main/packages/core/dist/writers/csv-writer.js:88:8'),
    'row writers/csv-writer.js:88:8',
  );
  assert.equal(
    displayName('JS:* file:///x/dist/types/person-types.js:68:137'),
    '(anonymous) types/person-types.js:68:137',
  );
  assert.equal(
    displayName('v8::String::WriteUtf8(v8::Isolate*, char*, int, int*, int) const'),
    'v8::String::WriteUtf8',
  );
  assert.equal(
    displayName('v8::internal::compiler::(anonymous namespace)::Wrapper::Reduce(Node*)'),
    'v8::internal::compiler::(anonymous namespace)::Wrapper::Reduce',
  );
  assert.equal(
    displayName('void v8::internal::String::WriteToFlat<unsigned char>(v8::internal::String, unsigned char*)'),
    'v8::internal::String::WriteToFlat<unsigned char>',
  );
});

test('counts add up per function across tiers and recursion, and start-up is subtracted per row', () => {
  const map = new PerfMap(PERF_MAP);
  const long = instructionsByFunction(
    annotated([
      '4,744,582,306 (100.0%)  PROGRAM TOTALS',
      '394,086,611 ( 8.31%)  ???:Builtins_StringAdd_CheckNone [/usr/bin/node]',
      '240,000,000 ( 5.06%)  ???:0x000000000d0c6dc0 [???]',
      " 40,000,000 ( 0.80%)  ???:0x000000000d0c6e00'2 [???]",
      ' 92,328,955 ( 1.95%)  ???:v8::String::WriteUtf8(v8::Isolate*, char*, int, int*, int) const [/usr/bin/node]',
      ' 10,000,000 ( 0.20%)  ???:0x000000000000beef [???]',
    ]),
    map,
  );
  assert.equal(long.get('row writers/csv-writer.js:88:8'), 280_000_000);
  assert.equal(long.get('Builtins_StringAdd_CheckNone'), 394_086_611);
  assert.equal(long.get(UNNAMED_JIT_CODE), 10_000_000);
  assert.equal(long.has('PROGRAM TOTALS'), false);

  const short = instructionsByFunction(
    annotated([
      '  86,611 ( 0.01%)  ???:Builtins_StringAdd_CheckNone [/usr/bin/node]',
      ' 2,328,955 ( 1.00%)  ???:v8::String::WriteUtf8(v8::Isolate*) [/usr/bin/node]',
    ]),
    map,
  );
  const costs = costsPerRow(long, short, 200_001);
  assert.deepEqual(
    costs.map((c) => c.name),
    ['Builtins_StringAdd_CheckNone', 'row writers/csv-writer.js:88:8', 'v8::String::WriteUtf8', UNNAMED_JIT_CODE],
  );
  assert.equal(costs[0].perRow, 1970);
  assert.equal(costs[2].perRow, 450);
  // A base run of more than one row: the difference is over the rows between the two runs.
  assert.equal(costsPerRow(long, short, 400_001, 200_001)[0].perRow, 1970);
});

test('native work is grouped, each function in one group, and JavaScript is never grouped', () => {
  const groups = groupTotals([
    { name: 'Builtins_StringAdd_CheckNone', perRow: 100 },
    { name: 'v8::internal::String::WriteToFlat<unsigned char>', perRow: 40 },
    { name: 'v8::String::WriteUtf8', perRow: 20 },
    {
      name: 'heap::base::SlotCallbackResult v8::internal::Scavenger::ScavengeObject<v8::internal::FullHeapObjectSlot>',
      perRow: 7,
    },
    { name: 'add writers/string-add.js:3:1', perRow: 1000 },
    { name: 'v8::internal::(anonymous namespace)::IterateObjectCache', perRow: 3 },
    { name: 'v8::internal::RootScavengeVisitor::VisitRootPointer', perRow: 2 },
  ]);
  const byName = new Map(groups.map((g) => [g.group, g.perRow]));
  assert.equal(byName.get('strings: concatenating'), 100);
  assert.equal(byName.get('strings: flattening and UTF-8 encoding'), 60);
  assert.equal(byName.get('garbage collection'), 12);
});
