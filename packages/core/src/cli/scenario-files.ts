/**
 * `--scenario NAME=FILE.json`: reads each file as a scenario and validates it exactly as the
 * server validates PUT /api/scenarios/NAME (core's readScenario), so a schema with Scenario
 * fields runs offline with the same values.
 */
import { readScenario, type ScenarioCurve } from '../scenarios/scenario.js';
import { UsageError } from './args.js';
import { readOptionFile } from './option-file.js';

export async function readScenarioFiles(
  files: readonly { name: string; path: string }[],
): Promise<Record<string, ScenarioCurve>> {
  const scenarios: Record<string, ScenarioCurve> = {};
  for (const { name, path } of files) {
    const where = `--scenario ${name}=${path}`;
    const text = await readOptionFile(where, path);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${where}: the file is not valid JSON (${(error as Error).message})`);
    }
    const result = readScenario(json);
    if (result.problems) throw new UsageError(`${where}: ${result.problems.map((p) => p.message).join('; ')}`);
    // defineProperty: a scenario named "__proto__" stays a scenario.
    Object.defineProperty(scenarios, name, {
      value: result.curve,
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return scenarios;
}
