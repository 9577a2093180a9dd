/**
 * The corpus split (issue 43): only paths whose SHA-256 starts with 8-f are ever yielded; the
 * acceptance half (0-7) never leaves the selector. Digests checked against published SHA-256 values.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  developmentSpecs,
  isDevelopmentPath,
  pathDigest,
  seededSample,
} from '../../../../scripts/lib/corpus/split.js';

describe('the development split', () => {
  it('hashes the path as UTF-8 text with SHA-256 (published digests)', () => {
    expect(pathDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(pathDigest('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(pathDigest('hello')).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
  });

  it('takes a path whose digest starts with 8 to f, and refuses one starting with 0 to 7', () => {
    expect(isDevelopmentPath('abc')).toBe(true); // ba78…
    expect(isDevelopmentPath('')).toBe(true); // e3b0…
    expect(isDevelopmentPath('hello')).toBe(false); // 2cf2…
  });

  describe('over a package folder', () => {
    let root: string;
    const written: string[] = [];
    beforeAll(() => {
      root = mkdtempSync(path.join(tmpdir(), 'corpus-split-'));
      // 400 names in nested folders, as the package lays them out, in YAML and JSON, and files that are not specs.
      for (let index = 0; index < 400; index += 1) {
        const relative =
          index % 3 === 0
            ? `api/provider${index % 7}.com/service-${index}.json`
            : index % 3 === 1
              ? `api/site-${index}.org.json`
              : `api/deep/er/spec-${index}.yaml`;
        mkdirSync(path.join(root, path.dirname(relative)), { recursive: true });
        writeFileSync(path.join(root, relative), '{}');
        written.push(relative);
      }
      writeFileSync(path.join(root, 'api', '_index.js'), '');
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('never yields a path whose SHA-256 starts with 0 to 7', () => {
      const yielded = developmentSpecs(root);
      const firstDigits = new Set(
        yielded.map((each) => createHash('sha256').update(each, 'utf8').digest('hex')[0]),
      );
      expect([...firstDigits].filter((digit) => '01234567'.includes(digit))).toEqual([]);
      expect(yielded.length).toBeGreaterThan(120);
    });

    it('yields every spec of the development half, sorted, as package paths', () => {
      const expected = written
        .filter((each) => /^[89a-f]/.test(createHash('sha256').update(each, 'utf8').digest('hex')))
        .sort();
      expect(developmentSpecs(root)).toEqual(expected);
      // The other half exists in the folder (the test would prove nothing otherwise).
      expect(written.length - expected.length).toBeGreaterThan(120);
    });
  });
});

describe('the seeded sample', () => {
  const paths = Array.from({ length: 200 }, (_, index) => `api/spec-${index}.json`);

  it('is the same for the same seed, and another for another seed', () => {
    expect(seededSample(paths, 43, 20)).toEqual(seededSample([...paths].reverse(), 43, 20));
    expect(seededSample(paths, 44, 20)).not.toEqual(seededSample(paths, 43, 20));
    expect(new Set(seededSample(paths, 43, 20)).size).toBe(20);
  });

  it('of a smaller size is the start of a larger one (a sweep stopped early ran a smaller sample)', () => {
    expect(seededSample(paths, 43, 300).slice(0, 40)).toEqual(seededSample(paths, 43, 40));
    expect(seededSample(paths, 43, 300)).toHaveLength(200);
  });
});
