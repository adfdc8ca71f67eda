import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@kreechat/contract';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });
const locales = Object.fromEntries(
  Object.entries(files).map(([path, tree]) => [path.replace(/^\.\/(.+)\.json$/, '$1'), tree]),
);

/** Every leaf as "a.b.c" → value; a non-string leaf is kept so the value test can name it. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const variables = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1] ?? '').sort();

/** The components a `<Trans>` puts into a text, such as `<number/>`: a language without one would drop it. */
const tags = (text: string): string[] =>
  [...text.matchAll(/<\/?\s*([\w-]+)\s*\/?>/g)].map((m) => m[0].replace(/\s/g, '')).sort();

const en = flatten(locales.en ?? {});

describe('locales', () => {
  it('has exactly one file per supported language', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
  });

  it('en.json is not empty', () => {
    expect(en.size).toBeGreaterThan(50);
  });

  describe.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s', (lang) => {
    const messages = flatten(locales[lang] ?? {});

    it('has every key of en', () => {
      expect([...en.keys()].filter((key) => !messages.has(key))).toEqual([]);
    });

    it('has no key that en lacks', () => {
      expect([...messages.keys()].filter((key) => !en.has(key))).toEqual([]);
    });

    it('uses the same interpolation variables as en', () => {
      const differing = [...en.entries()]
        .filter(([key, text]) => messages.has(key) && typeof text === 'string')
        .filter(([key, text]) => {
          const translated = messages.get(key);
          return typeof translated !== 'string' || variables(translated).join() !== variables(text as string).join();
        })
        .map(([key]) => key);
      expect(differing).toEqual([]);
    });

    it('uses the same component tags as en', () => {
      const differing = [...en.entries()]
        .filter(([key, text]) => messages.has(key) && typeof text === 'string')
        .filter(([key, text]) => {
          const translated = messages.get(key);
          return typeof translated !== 'string' || tags(translated).join() !== tags(text as string).join();
        })
        .map(([key]) => key);
      expect(differing).toEqual([]);
    });
  });

  describe.each(LANGUAGES)('%s values', (lang) => {
    it('are non-empty strings', () => {
      const bad = [...flatten(locales[lang] ?? {}).entries()]
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => key);
      expect(bad).toEqual([]);
    });
  });
});
