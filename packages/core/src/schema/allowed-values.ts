/**
 * Parameters with a fixed set of values (selectionStyle, image formats, Money's symbol...): the
 * value as written, matched without regard to case, because clients send "Random" where the
 * catalogue says "random". The one rule for matching and for the canonical spelling a saved
 * schema stores.
 */

/** The allowed value `text` names (exactly, else ignoring case), or undefined when it names none. */
export function allowedValue(allowed: readonly string[], text: string): string | undefined {
  if (allowed.includes(text)) return text;
  const lower = text.toLowerCase();
  return allowed.find((value) => value.toLowerCase() === lower);
}

/** The list of allowed values as an error message gives it: `"random", "sequential"`. */
export function describeAllowed(allowed: readonly string[]): string {
  return allowed.map((value) => JSON.stringify(value)).join(', ');
}
