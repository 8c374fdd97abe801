import fc from 'fast-check';
import { z } from 'zod';

/** Generators of request values from a route's zod schema (through JSON Schema), and hostile values. */

export const hostileStrings = [
  '',
  ' ',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd',
  'index.html/../../secret',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(10)',
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u0301',
  '𝕯𝕴𝖁 🚀',
  '%',
  '%00',
  `\${7*7}{{7*7}}`,
  'null',
  'undefined',
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'x'.repeat(101),
  'x'.repeat(10_000),
];
const hostileNumbers = [
  0,
  -0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  0.5,
  1e-300,
];

function deepJson(depth: number): unknown {
  let value: unknown = 'fondo';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(null, true, false, [], {}, [[[]]], { __proto__: { admin: true } }, { constructor: { prototype: { x: 1 } } }),
  fc.integer({ min: 50, max: 800 }).map((depth) => deepJson(depth)),
  fc.integer({ min: 1000, max: 300_000 }).map((n) => 'ñ<'.repeat(n)),
  fc.string({ maxLength: 30, unit: 'binary' }),
  fc.anything({ maxDepth: 3 }),
);

/** Strings that match a schema's pattern, where fast-check can build them (no lookarounds). */
function matching(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return undefined;
  }
}

/** A generator of values for a JSON schema (from zod), mostly valid, sometimes hostile. */
export function arbitraryOf(
  schema: Record<string, unknown> | boolean | undefined,
  ids: fc.Arbitrary<string>,
  depth = 0,
  validOnly = false,
): fc.Arbitrary<unknown> {
  if (!schema || schema === true || depth > 6)
    return validOnly ? fc.constant('x') : fc.oneof(hostileValue, fc.anything({ maxDepth: 2 }));
  const s = schema as Record<string, unknown>;
  const wrap = (valid: fc.Arbitrary<unknown>) =>
    validOnly ? valid : fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
    const options = ((s.anyOf ?? s.oneOf) as Record<string, unknown>[]).map((o) => arbitraryOf(o, ids, depth + 1, validOnly));
    return options.length ? fc.oneof(...options) : hostileValue;
  }
  if (Array.isArray(s.allOf) && s.allOf.length)
    return arbitraryOf(s.allOf[0] as Record<string, unknown>, ids, depth + 1, validOnly);
  if ('const' in s) return wrap(fc.constant(s.const));
  if (Array.isArray(s.enum)) return wrap(fc.constantFrom(...(s.enum as unknown[])));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string': {
      const min = (s.minLength as number | undefined) ?? 0;
      const max = (s.maxLength as number | undefined) ?? 60;
      const boundaries = [
        min > 0 ? 'x'.repeat(min - 1) : '',
        'x'.repeat(min),
        'x'.repeat(Math.min(max, 100_000)),
        'x'.repeat(Math.min(max + 1, 200_001)),
      ];
      const patterned = typeof s.pattern === 'string' ? matching(s.pattern) : undefined;
      const formatted = patterned
        ? patterned
        : s.format === 'email'
          ? fc.emailAddress()
          : s.format === 'uri' || s.format === 'url'
            ? fc.constantFrom(
                'http://127.0.0.1:1/',
                'http://localhost:1/x',
                'ftp://127.0.0.1/',
                'file:///etc/passwd',
                'http://[::1]:1/',
              )
            : s.format === 'uuid'
              ? fc.oneof(ids, fc.uuid())
              : s.format === 'date-time'
                ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
                : fc.oneof(
                    fc.string({ minLength: min, maxLength: Math.min(max, 80) }),
                    ids,
                    fc.constantFrom('index.html', 'css/style.css', 'a/b/c.js'),
                  );
      return wrap(fc.oneof({ weight: 4, arbitrary: formatted }, { weight: 1, arbitrary: fc.constantFrom(...boundaries) }));
    }
    case 'integer':
    case 'number': {
      const min = (s.minimum as number | undefined) ?? -1000;
      const max = (s.maximum as number | undefined) ?? 1000;
      const inside =
        type === 'integer'
          ? fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) })
          : fc.double({ min: Math.max(min, -1e9), max: Math.min(max, 1e9), noNaN: true });
      return wrap(fc.oneof(inside, fc.constantFrom(min, max, min - 1, max + 1)));
    }
    case 'boolean':
      return wrap(fc.boolean());
    case 'null':
      return wrap(fc.constant(null));
    case 'array': {
      const item = arbitraryOf(s.items as Record<string, unknown>, ids, depth + 1, validOnly);
      const maxItems = Math.min((s.maxItems as number | undefined) ?? 5, 5);
      return wrap(
        fc.oneof(
          { weight: 5, arbitrary: fc.array(item, { maxLength: maxItems }) },
          { weight: 1, arbitrary: fc.array(item, { minLength: 0, maxLength: 400 }) },
        ),
      );
    }
    default: {
      // A record ("file path → choice"): keys like the files of a site, values from its schema.
      if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') {
        const value = arbitraryOf(s.additionalProperties as Record<string, unknown>, ids, depth + 1, validOnly);
        return wrap(fc.dictionary(fc.constantFrom('index.html', 'style.css', 'about.html'), value, { minKeys: 1, maxKeys: 3 }));
      }
      const properties = (s.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = new Set((s.required as string[] | undefined) ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of Object.entries(properties)) model[key] = arbitraryOf(prop, ids, depth + 1, validOnly);
      const optional = Object.keys(model).filter((k) => !required.has(k));
      const valid = fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
      const dropped = fc.record(model, { requiredKeys: [] });
      const extra = fc
        .tuple(valid, fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 3 }))
        .map(([a, b]) => ({ ...b, ...a }));
      void optional;
      if (validOnly) return valid;
      return fc.oneof(
        { weight: 6, arbitrary: valid },
        { weight: 1, arbitrary: dropped },
        { weight: 1, arbitrary: extra },
        { weight: 1, arbitrary: hostileValue },
      );
    }
  }
}

export function jsonSchemaOf(zodSchema: unknown): Record<string, unknown> | undefined {
  if (!zodSchema || typeof zodSchema !== 'object' || !('_zod' in zodSchema)) return undefined;
  try {
    return z.toJSONSchema(zodSchema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
