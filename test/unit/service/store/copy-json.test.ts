/**
 * copyJson (service/store/rows.ts): the copy each reader of a cached row gets instead of parsing
 * its stored JSON again, equal to a fresh parse and sharing no object with the original.
 */
import { describe, expect, it } from 'vitest';
import { copyJson } from '../../../../service/store/rows.js';

describe('copyJson', () => {
  it.each([
    '{"a":1,"b":[1,{"c":null}],"2":"x","1":true}',
    '[{"k":[[]]}]',
    '{}',
    '[]',
    'null',
    '"text"',
    '4.5',
  ])('copies %s as parsing it again would', (text) => {
    const original = JSON.parse(text);
    const copy = copyJson(original);
    expect(copy).toStrictEqual(JSON.parse(text));
    expect(Object.keys(copy ?? {})).toEqual(Object.keys(original ?? {}));
  });

  it('shares no object with the original', () => {
    const original = JSON.parse('{"metadata":{"n":"1"},"answers":[{"item_id":"a","value":1}]}');
    const copy = copyJson(original);
    copy.metadata.n = 'changed';
    copy.answers[0].value = 2;
    expect(original).toEqual({ metadata: { n: '1' }, answers: [{ item_id: 'a', value: 1 }] });
  });

  it('keeps an own "__proto__" a property, as JSON.parse does', () => {
    const copy = copyJson(JSON.parse('{"__proto__":{"x":1},"y":"z"}'));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect((copy as Record<string, unknown>).x).toBeUndefined();
  });
});
