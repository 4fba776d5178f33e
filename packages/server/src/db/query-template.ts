/**
 * A query built with Kysely's builder once per database handle (and shape), then run again and
 * again with new values. On the small queries every request makes (its key, its quota),
 * building and compiling the query cost more than the database's own work.
 *
 * The builder is called once with sentinel values; every parameter of the compiled query that is
 * a sentinel is bound to the value of that name on each run, and any other parameter is a
 * constant of the query (the same on every run). So the builder must pass each value as a
 * parameter and must not branch on the values: what varies the query's shape goes in `shape`.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

type Values = Record<string, string | number>;

interface Compiled<V extends Values> {
  sql: string;
  /** Each parameter: a value's name, or a constant. */
  slots: ({ name: keyof V } | { constant: unknown })[];
}

export class QueryTemplate<V extends Values, DB> {
  private readonly compiled = new WeakMap<object, Map<string, Compiled<V>>>();

  /** `sentinels`: unlikely values, different from each other and from the query's constants. */
  constructor(
    private readonly build: (db: Kysely<DB>, values: V, shape: string) => Compilable,
    private readonly sentinels: V,
  ) {}

  /** The rows the query returns with these values. */
  async rows<R>(db: Kysely<DB>, values: V, shape = ''): Promise<R[]> {
    const { sql, slots } = this.compiledFor(db, shape);
    const parameters = slots.map((slot) => ('name' in slot ? values[slot.name] : slot.constant));
    return (await db.executeQuery<R>(CompiledQuery.raw(sql, parameters))).rows;
  }

  private compiledFor(db: Kysely<DB>, shape: string): Compiled<V> {
    let shapes = this.compiled.get(db);
    if (!shapes) this.compiled.set(db, (shapes = new Map()));
    let compiled = shapes.get(shape);
    if (!compiled) shapes.set(shape, (compiled = this.compile(db, shape)));
    return compiled;
  }

  private compile(db: Kysely<DB>, shape: string): Compiled<V> {
    const { sql, parameters } = this.build(db, this.sentinels, shape).compile();
    const names = Object.keys(this.sentinels) as (keyof V)[];
    const slots = parameters.map((parameter) => {
      const name = names.find((n) => Object.is(this.sentinels[n], parameter));
      return name === undefined ? { constant: parameter } : { name };
    });
    // A value written into the text instead of bound would be a wrong query on the next run.
    // (A value a shape does not use is simply not bound.)
    for (const name of names) {
      if (sql.includes(String(this.sentinels[name])))
        throw new Error(`QueryTemplate: "${String(name)}" is written into ${sql} instead of bound`);
    }
    return { sql, slots };
  }
}
