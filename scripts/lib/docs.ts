/** The HTML reference: `redocly build-docs` with Redoc inlined, so the page works offline. */
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { listedWebhooks } from '../../generators/core/webhook-items.js';
import { DEFAULT_OUT } from '../../generators/pipeline.js';
import { ROOT } from './root.js';
import { binPath } from './processes.js';

/** The first document's docs page, in the project (the working folder). */
export const DOCS_FILE = path.resolve('dist', 'docs', 'index.html');
/** The page's template: the toolkit's (a CSP that lets the page fetch nothing). */
const TEMPLATE = path.join(ROOT, 'spec', 'docs', 'template.hbs');

/** An attribution wordmark as an inline SVG, in the colour of Redoc's badge: no font or image fetched. */
const wordmark = (text: string, width: number) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="16" viewBox="0 0 ${width} 16"><text x="0" y="12" font-family="sans-serif" font-size="13" font-weight="600" fill="#0044d4">${text}</text></svg>`)}`;

/**
 * Redoc's sidebar footer ("API docs by Redocly") loads its logo from a CDN, which the page's own
 * CSP blocks (a console error and a broken image). Each such URL becomes an inline image.
 */
const CDN_IMAGES: Record<string, string> = {
  'https://cdn.redoc.ly/redoc/logo-mini-full.svg': wordmark('Redocly', 60),
  'https://cdn.redoc.ly/redoc/logo-mini.svg': wordmark('R', 12),
};

/** The built page with every known CDN image inlined; a Redoc update that adds another one fails the build, naming it. */
export function inlineCdnImages(html: string): string {
  let page = html;
  for (const [url, inline] of Object.entries(CDN_IMAGES)) page = page.split(url).join(inline);
  const left = /https:\/\/cdn\.redoc\.ly\/[^`'"\s)]+/.exec(page);
  if (left)
    throw new Error(
      `the docs page would load ${left[0]} from the network; add it to CDN_IMAGES in scripts/lib/docs.ts`,
    );
  return page;
}

/**
 * Where the docs of the document generated into `out` go: the first document's (its output
 * `primaryOut`, default generated/) in dist/docs/index.html, and beside it for a folder inside
 * that one (generated/dashboard -> dist/docs/dashboard/index.html). Another document the config
 * lists, by its folder from here (generated-admin -> dist/docs/generated-admin/index.html); any
 * other spec's (the dev loop on a spec of someone else's) under dist/docs/dev/, so they never
 * replace a listed document's docs.
 */
export function docsFileFor(out: string, primaryOut = DEFAULT_OUT, listed = false): string {
  const inside = (from: string) => {
    const nested = path.relative(path.resolve(from), path.resolve(out));
    return nested.startsWith('..') || path.isAbsolute(nested) ? undefined : nested;
  };
  const folder =
    inside(primaryOut) ??
    (listed ? inside(process.cwd()) : undefined) ??
    path.join('dev', path.basename(path.resolve(out)));
  return path.join(path.dirname(DOCS_FILE), folder, 'index.html');
}

const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/**
 * The spec's `info.x-logo.url` as the page can show it: a file beside the spec is inlined (the
 * page stays self-contained); an http(s) URL is the one thing the page's CSP lets it fetch, since
 * that is the logo its author chose (offline, the page works without it).
 */
async function logoOf(
  spec: string,
  url: unknown,
): Promise<{ inline?: string; fetched?: string } | undefined> {
  if (typeof url !== 'string' || url === '' || url.startsWith('data:')) return undefined;
  const where = `info.x-logo.url (#/info/x-logo/url)`;
  if (/^https?:\/\//i.test(url)) {
    // A CSP source may not hold a space, a comma or a semicolon; URL's own spelling escapes spaces.
    const href = new URL(url).href;
    if (/[;,'\s]/.test(href))
      throw new Error(`${where}: a logo URL the page's CSP cannot name (a ';' or ','): ${url}`);
    return { fetched: href };
  }
  const file = path.resolve(path.dirname(spec), url);
  const type = IMAGE_TYPES[path.extname(file).toLowerCase()];
  if (!type)
    throw new Error(
      `${where}: ${url} is not an image the page can inline (${Object.keys(IMAGE_TYPES).join(', ')}), nor an http(s) URL`,
    );
  const bytes = await readFile(file).catch(() => {
    throw new Error(
      `${where}: no such file ${path.relative(process.cwd(), file)} (a path is read from the spec's folder)`,
    );
  });
  return { inline: `data:${type};base64,${bytes.toString('base64')}` };
}

/** The page's CSP with one image URL more in its img-src. */
function allowImage(page: string, url: string): string {
  const policy = 'img-src data: blob:;';
  if (!page.includes(policy)) throw new Error(`the docs template's CSP has no "${policy}" to add ${url} to`);
  return page.replace(policy, `img-src data: blob: ${url};`);
}

/** Builds the page for `spec` at `output`; its title is the spec's own (`<info.title> reference`) unless given. */
export async function buildDocs(
  spec = path.resolve('spec', 'openapi.yaml'),
  output = DOCS_FILE,
  title?: string,
): Promise<string> {
  // Redoc reads a root `x-webhooks` as OpenAPI 3.0-style webhook definitions and then ignores the
  // 3.1 `webhooks`. Where it holds our signing settings (scheme, schedule) rather than the webhooks
  // themselves (webhook-items.ts), the docs build gets a copy without it, beside the original so
  // relative `$ref`s still resolve.
  const document = parseDocument(await readFile(spec, 'utf8'));
  const specTitle = document.getIn(['info', 'title']);
  const pageTitle =
    title ?? `${typeof specTitle === 'string' && specTitle.trim() !== '' ? specTitle : 'API'} reference`;
  // Only the two root keys the rule reads, not the whole document (megabytes on a large spec).
  const signingSettings =
    document.has('x-webhooks') &&
    listedWebhooks({
      webhooks: document.get('webhooks'),
      'x-webhooks': (document.get('x-webhooks') as { toJSON?: () => unknown } | undefined)?.toJSON?.(),
    })?.pointer !== '/x-webhooks';
  const logo = await logoOf(spec, document.getIn(['info', 'x-logo', 'url']));
  const input =
    signingSettings || logo?.inline
      ? path.join(path.dirname(spec), `.${path.basename(spec)}.docs-${process.pid}.yaml`)
      : spec;
  if (input !== spec) {
    if (signingSettings) document.delete('x-webhooks');
    if (logo?.inline) document.setIn(['info', 'x-logo', 'url'], logo.inline);
    await writeFile(input, document.toString());
  }
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        binPath('redocly'),
        [
          'build-docs',
          input,
          '--inlineBundle',
          '--template',
          TEMPLATE,
          '--output',
          output,
          '--title',
          pageTitle,
        ],
        {
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
        (error, _stdout, stderr) =>
          error ? reject(new Error(`redocly build-docs failed:\n${stderr}`)) : resolve(),
      );
    });
    const page = inlineCdnImages(await readFile(output, 'utf8'));
    await writeFile(output, logo?.fetched ? allowImage(page, logo.fetched) : page);
    return output;
  } finally {
    if (input !== spec) await rm(input, { force: true });
  }
}
