/**
 * `npm run check:breaking` the way CI runs it: in a temporary git repository with a `main`
 * branch and a feature branch, no --base (so the merge base with main), real exit codes.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { contractKitArgs } from '../../../scripts/lib/processes.js';
import { baseSpec } from '../../support/breaking/cases.js';

let repo: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' });
/** check:breaking in `cwd` with `args` alone, as on a pull request into `pullRequestBase` (GITHUB_BASE_REF) or outside one. */
const runCheck = (cwd: string, args: string[], pullRequestBase?: string) => {
  const env = { ...process.env, GITHUB_BASE_REF: pullRequestBase };
  if (pullRequestBase === undefined) delete env.GITHUB_BASE_REF;
  return new Promise<{ code: number; output: string }>((resolve) =>
    execFile(
      process.execPath,
      contractKitArgs('check:breaking', ...args),
      { cwd, env },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    ),
  );
};
const run = (cwd: string, ...args: string[]) => runCheck(cwd, ['--spec', 'spec/openapi.yaml', ...args]);
const runOnPullRequest = (pullRequestBase: string, cwd: string, ...args: string[]) =>
  runCheck(cwd, ['--spec', 'spec/openapi.yaml', ...args], pullRequestBase);
const writeSpec = (spec: unknown) =>
  writeFile(path.join(repo, 'spec/openapi.yaml'), stringify(spec, { lineWidth: 0 }));

beforeAll(async () => {
  repo = await mkdtemp(path.join(tmpdir(), 'breaking-git-'));
  git(repo, 'init', '-q', '-b', 'main');
  execFileSync('mkdir', ['-p', path.join(repo, 'spec')]);
  await writeSpec(baseSpec());
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'base');
  git(repo, 'checkout', '-qb', 'feature');
});
afterAll(() => rm(repo, { recursive: true, force: true }));

describe('npm run check:breaking (temporary git repository)', () => {
  it('prints its usage on --help; an unknown option is one line and the usage, exit 2, no stack trace', async () => {
    const help = await run(repo, '--help');
    expect(help.code).toBe(0);
    expect(help.output).toMatch(/^usage: contract-kit check:breaking /);
    const unknown = await run(repo, '--bogus');
    expect(unknown.code).toBe(2);
    expect(unknown.output.split('\n')[0]).toMatch(/^check:breaking: Unknown option '--bogus'/);
    expect(unknown.output).not.toMatch(/^\s+at /m);
  });

  it('fails a breaking change against the merge base with main, with rule id, file:line, pointer and consequence', async () => {
    const spec = baseSpec();
    spec.components.schemas.SubjectCreate.properties.purpose = { type: 'string' };
    spec.components.schemas.SubjectCreate.required.push('purpose');
    spec.info.version = '1.5.0';
    await writeSpec(spec);
    const result = await run(repo);
    expect(result.code, result.output).toBe(1);
    expect(result.output).toMatch(/BREAKING for clients \(1\)/);
    expect(result.output).toMatch(
      /request-property-required-added {2}spec\/openapi\.yaml:\d+ {2}#\/components\/schemas\/SubjectCreate\/properties\/purpose/,
    );
    expect(result.output).toMatch(
      /POST \/v1\/nature\/subjects request body\.purpose: required property purpose added/,
    );
    expect(result.output).toMatch(/Requests that clients send today can now be refused/);
    expect(result.output).toMatch(/info\.version needs a major bump.*1\.4\.0 → 1\.5\.0 \(minor\)/);
    expect(result.output).toMatch(
      /check:breaking: spec\/openapi\.yaml: FAIL: 1 change breaks clients; bump info\.version by major/,
    );
    // The line printed is the line of that property in the head file.
    const line = Number(/openapi\.yaml:(\d+)/.exec(result.output)![1]);
    const text = stringify(spec, { lineWidth: 0 }).split('\n');
    expect(text[line - 1]).toMatch(/^\s+purpose:/);
  }, 180_000);

  it('passes the same change once info.version has a major bump', async () => {
    const spec = baseSpec();
    spec.components.schemas.SubjectCreate.properties.purpose = { type: 'string' };
    spec.components.schemas.SubjectCreate.required.push('purpose');
    spec.info.version = '2.0.0';
    await writeSpec(spec);
    const result = await run(repo);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(
      /pass \(breaking changes acknowledged by the major bump 1\.4\.0 → 2\.0\.0\)/,
    );
  }, 180_000);

  it('reads v1 → v2 as a major bump, and says which info.version it cannot read as a version', async () => {
    const spec = baseSpec();
    spec.components.schemas.SubjectCreate.properties.purpose = { type: 'string' };
    spec.components.schemas.SubjectCreate.required.push('purpose');
    spec.info.version = 'v2';
    await writeSpec(spec);
    const short = await run(repo);
    expect(short.code, short.output).toBe(0);
    expect(short.output).toMatch(/info\.version went 1\.4\.0 → v2 \(major\)/);
    spec.info.version = '2024-04-10';
    await writeSpec(spec);
    const date = await run(repo);
    expect(date.code, date.output).toBe(1);
    expect(date.output).toMatch(
      /info\.version went 1\.4\.0 → 2024-04-10 \("2024-04-10" is not a version like 1\.2\.0 or v2, so a major bump cannot be seen\)/,
    );
  }, 180_000);

  it('passes additive changes, advises a minor bump, and fails them only under --fail-on servers, without asking for a major bump', async () => {
    const spec = baseSpec();
    spec.components.schemas.SubjectCreate.properties.external_ref = { type: 'string', maxLength: 64 };
    spec.paths['/v1/nature/subjects'].get.parameters.push({
      name: 'created_after',
      in: 'query',
      schema: { type: 'string' },
    });
    spec.info.version = '1.5.0';
    await writeSpec(spec);
    const clients = await run(repo);
    expect(clients.code, clients.output).toBe(0);
    expect(clients.output).toMatch(/Breaking for servers only .*\(2\)/);
    expect(clients.output).toMatch(/info\.version needs a minor bump/);
    const servers = await run(repo, '--fail-on', 'servers');
    expect(servers.code, servers.output).toBe(1);
    // Work for the service, never a reason for a major bump.
    expect(servers.output).toMatch(
      /check:breaking: spec\/openapi\.yaml: FAIL: 2 changes break only servers, which is no reason for a major bump: undo them, or switch their rule off/,
    );
    expect(servers.output).not.toMatch(/bump info\.version by major/);
  }, 180_000);

  it('honours a rule switched off in the config file, and refuses a switch without a reason or with a key it does not take', async () => {
    const spec = baseSpec();
    spec.components.schemas.AssessmentStatus.enum.push('expired');
    await writeSpec(spec);
    expect((await run(repo)).code).toBe(1);
    await writeFile(
      path.join(repo, '.check-breaking.yaml'),
      'off:\n  - rule: response-enum-value-added\n    reason: clients are told to treat unknown statuses as in_progress\n  - rule: webhook-payload-enum-value-added\n    reason: same for receivers\n',
    );
    const off = await run(repo);
    expect(off.code, off.output).toBe(0);
    expect(off.output).toMatch(/Switched off in the config \(2\)/);
    await writeFile(path.join(repo, '.check-breaking.yaml'), 'off:\n  - rule: response-enum-value-added\n');
    const bad = await run(repo);
    expect(bad.code, bad.output).toBe(2);
    expect(bad.output).toMatch(/needs a reason/);
    // An entry with a path reads like a scope; it would switch the rule off for the whole API.
    await writeFile(
      path.join(repo, '.check-breaking.yaml'),
      'off:\n  - rule: response-enum-value-added\n    path: /v1/nature/assessments\n    reason: only there\n',
    );
    const scoped = await run(repo);
    expect(scoped.code, scoped.output).toBe(2);
    expect(scoped.output).toMatch(
      /\.check-breaking\.yaml: off\[0\] has "path", which an entry does not take: an entry is \{ rule, reason \}/,
    );
    await rm(path.join(repo, '.check-breaking.yaml'));
  }, 180_000);

  it('says "no changes" only for an equal document', async () => {
    const spec = baseSpec();
    await writeSpec(spec);
    const equal = await run(repo);
    expect(equal.code, equal.output).toBe(0);
    expect(equal.output).toMatch(/no changes: the two documents are equal/);
    expect(equal.output).toMatch(
      /info\.version needs no bump; generated SDKs need no bump; info\.version went 1\.4\.0 → 1\.4\.0 \(no bump\)/,
    );
    spec.components.schemas.Answer.description = 'One answer.';
    await writeSpec(spec);
    const docs = await run(repo);
    expect(docs.output).not.toMatch(/no changes/);
    expect(docs.output).toMatch(/Documentation only \(1\)/);
    expect(docs.output).toMatch(/info\.version needs a patch bump/);
  }, 180_000);

  it('passes a document that did not exist at the base, and compares a renamed one with its old path (--base-spec)', async () => {
    const receipts = path.join(repo, 'spec/receipts.yaml');
    try {
      const renamed = baseSpec();
      renamed.components.schemas.SubjectCreate.properties.purpose = { type: 'string' };
      renamed.components.schemas.SubjectCreate.required.push('purpose');
      await writeFile(receipts, stringify(renamed, { lineWidth: 0 }));
      const added = await runCheck(repo, ['--spec', 'spec/receipts.yaml']);
      expect(added.code, added.output).toBe(0);
      expect(added.output).toMatch(
        /check:breaking: spec\/receipts\.yaml: pass: it does not exist at [0-9a-f]{12}, the merge base with main, so it is new there and has nothing to break \(if it was renamed, compare it with its old path: check:breaking --spec spec\/receipts\.yaml --base-spec OLD_PATH\)/,
      );
      const moved = await runCheck(repo, [
        '--spec',
        'spec/receipts.yaml',
        '--base-spec',
        'spec/openapi.yaml',
      ]);
      expect(moved.code, moved.output).toBe(1);
      expect(moved.output).toMatch(
        /check:breaking: spec\/openapi\.yaml at [0-9a-f]{12}, the merge base with main \(1\.4\.0\) → spec\/receipts\.yaml in the working tree/,
      );
      expect(moved.output).toMatch(/request-property-required-added {2}spec\/receipts\.yaml:\d+/);
      const wrong = await runCheck(repo, [
        '--spec',
        'spec/receipts.yaml',
        '--base-spec',
        'spec/receipt.yaml',
      ]);
      expect(wrong.code, wrong.output).toBe(2);
      expect(wrong.output).toMatch(
        /--base-spec spec\/receipt\.yaml does not exist at [0-9a-f]{12}, the merge base with main: nothing to compare with \(give the document's path there\)/,
      );
      // A path that names no file now is a mistake, not a new document.
      const typo = await runCheck(repo, ['--spec', 'spec/reciepts.yaml']);
      expect(typo.code, typo.output).toBe(2);
      expect(typo.output).toMatch(/spec\/reciepts\.yaml#\/: cannot read the file/);
    } finally {
      await rm(receipts, { force: true });
    }
  }, 180_000);

  it('exits 2 with a message when there is no main or master branch (local or origin) to compare with', async () => {
    const lonely = await mkdtemp(path.join(tmpdir(), 'breaking-lonely-'));
    try {
      git(lonely, 'init', '-q', '-b', 'trunk');
      execFileSync('mkdir', ['-p', path.join(lonely, 'spec')]);
      await writeFile(path.join(lonely, 'spec/openapi.yaml'), stringify(baseSpec()));
      git(lonely, 'add', '.');
      git(lonely, 'commit', '-qm', 'base');
      const result = await run(lonely);
      expect(result.code, result.output).toBe(2);
      expect(result.output).toMatch(/none of origin\/main, main, origin\/master, master exists/);
      const intoMain = await runOnPullRequest('main', lonely);
      expect(intoMain.code, intoMain.output).toBe(2);
      expect(intoMain.output).toMatch(/but neither origin\/main nor main exists here/);
      const explicit = await run(lonely, '--base', 'trunk');
      expect(explicit.code, explicit.output).toBe(0);
      expect(explicit.output).toMatch(/spec\/openapi\.yaml at [0-9a-f]{12}, --base trunk \(1\.4\.0\)/);
    } finally {
      await rm(lonely, { recursive: true, force: true });
    }
  }, 180_000);

  it('compares a pull request with its base branch (GITHUB_BASE_REF), names it, and never falls back to main when it is missing', async () => {
    await writeSpec(baseSpec());
    const intoMain = await runOnPullRequest('main', repo);
    expect(intoMain.code, intoMain.output).toBe(0);
    expect(intoMain.output).toMatch(
      /spec\/openapi\.yaml at [0-9a-f]{12}, the merge base with main \(1\.4\.0\)/,
    );
    const intoRelease = await runOnPullRequest('release-1', repo);
    expect(intoRelease.code, intoRelease.output).toBe(2);
    expect(intoRelease.output).toMatch(
      /no base to compare with: GITHUB_BASE_REF names release-1, the pull request's base branch, but neither origin\/release-1 nor release-1 exists here/,
    );
  }, 180_000);

  it('says a shallow clone has no merge base with origin/main (not that origin/main is missing), and exits 2', async () => {
    const shallow = await mkdtemp(path.join(tmpdir(), 'breaking-shallow-'));
    try {
      git(repo, 'commit', '-qm', 'on the feature branch', '--allow-empty');
      git(shallow, 'clone', '-q', '--depth', '1', '--branch', 'feature', `file://${repo}`, 'clone');
      const clone = path.join(shallow, 'clone');
      git(clone, 'fetch', '-q', 'origin', 'main:refs/remotes/origin/main');
      const result = await run(clone);
      expect(result.code, result.output).toBe(2);
      expect(result.output).toMatch(
        /origin\/main exists, but this clone is shallow, so HEAD and origin\/main share no commit here: there is no merge base to compare with\. Fetch the history \(git fetch --unshallow origin; on GitHub Actions, actions\/checkout with fetch-depth: 0\), or pass --base origin\/main to compare with its tip/,
      );
      git(clone, 'fetch', '-q', '--unshallow', 'origin');
      const unshallowed = await run(clone);
      expect(unshallowed.code, unshallowed.output).toBe(0);
      expect(unshallowed.output).toMatch(/the merge base with origin\/main/);
    } finally {
      await rm(shallow, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('npm run check:breaking on a spec split across files (temporary git repository)', () => {
  const ROOT_SPEC = [
    'openapi: 3.1.0',
    'info: { title: Split Notes API, version: 1.0.0 }',
    'paths:',
    '  /notes:',
    '    get:',
    '      operationId: listNotes',
    '      responses:',
    "        '200':",
    '          description: Notes',
    '          content:',
    '            application/json:',
    "              schema: { type: array, items: { $ref: './schemas.yaml#/Note' } }",
    '  /tags:',
    '    get:',
    '      operationId: listTags',
    '      responses:',
    "        '200':",
    '          description: Tags',
    '          content:',
    '            application/json:',
    "              schema: { $ref: '#/components/schemas/Tag' }",
    'components:',
    '  schemas:',
    "    Tag: { $ref: './tag.yaml' }",
    '',
  ].join('\n');
  const note = (text: string) =>
    `Note:\n  type: object\n  properties:\n    id: { type: string }\n    text: { type: ${text} }\n`;
  const tag = (name: string) => `type: object\nproperties:\n  name: { type: ${name} }\n`;
  let split: string;

  beforeAll(async () => {
    split = await mkdtemp(path.join(tmpdir(), 'breaking-split-'));
    git(split, 'init', '-q', '-b', 'main');
    execFileSync('mkdir', ['-p', path.join(split, 'spec')]);
    await writeFile(path.join(split, 'spec/openapi.yaml'), ROOT_SPEC);
    await writeFile(path.join(split, 'spec/schemas.yaml'), note('string'));
    await writeFile(path.join(split, 'spec/tag.yaml'), tag('string'));
    git(split, 'add', '.');
    git(split, 'commit', '-qm', 'base');
    git(split, 'checkout', '-qb', 'feature');
  });
  afterAll(() => rm(split, { recursive: true, force: true }));

  it('names the file and line that hold each change, with the pointer in that file', async () => {
    await writeFile(path.join(split, 'spec/schemas.yaml'), note('integer'));
    await writeFile(path.join(split, 'spec/tag.yaml'), tag('integer'));
    const result = await run(split);
    expect(result.code, result.output).toBe(1);
    // A component the bundler made from an inline $ref, and one the root file names by $ref.
    expect(result.output).toMatch(
      /response-type-changed {2}spec\/schemas\.yaml:5 {2}#\/Note\/properties\/text\/type\n/,
    );
    expect(result.output).toMatch(
      /response-type-changed {2}spec\/tag\.yaml:3 {2}#\/properties\/name\/type\n/,
    );
  }, 180_000);
});

describe('npm run check:breaking on every document the config lists (temporary git repository)', () => {
  let project: string;

  beforeAll(async () => {
    project = await mkdtemp(path.join(tmpdir(), 'breaking-documents-'));
    git(project, 'init', '-q', '-b', 'main');
    execFileSync('mkdir', ['-p', path.join(project, 'spec')]);
    const documents = [
      { spec: 'spec/openapi.yaml', output: 'generated' },
      { spec: 'spec/dashboard.yaml', output: 'generated/dashboard' },
    ];
    await writeFile(path.join(project, 'contract-kit.config.json'), JSON.stringify({ documents }));
    await writeFile(path.join(project, 'spec/openapi.yaml'), stringify(baseSpec(), { lineWidth: 0 }));
    await writeFile(path.join(project, 'spec/dashboard.yaml'), stringify(baseSpec(), { lineWidth: 0 }));
    git(project, 'add', '.');
    git(project, 'commit', '-qm', 'base');
    git(project, 'checkout', '-qb', 'feature');
  });
  afterAll(() => rm(project, { recursive: true, force: true }));

  it('without --spec checks each listed document, each with its verdict, and exits with the worst', async () => {
    const dashboard = baseSpec();
    dashboard.components.schemas.SubjectCreate.properties.purpose = { type: 'string' };
    dashboard.components.schemas.SubjectCreate.required.push('purpose');
    await writeFile(path.join(project, 'spec/dashboard.yaml'), stringify(dashboard, { lineWidth: 0 }));
    const all = await runCheck(project, []);
    expect(all.code, all.output).toBe(1);
    expect(all.output).toMatch(
      /^check:breaking: spec\/openapi\.yaml at [0-9a-f]{12}, the merge base with main /m,
    );
    expect(all.output).toMatch(/^check:breaking: spec\/openapi\.yaml: pass$/m);
    expect(all.output).toMatch(
      /^check:breaking: spec\/dashboard\.yaml at [0-9a-f]{12}, the merge base with main /m,
    );
    expect(all.output).toMatch(/request-property-required-added {2}spec\/dashboard\.yaml:\d+/);
    expect(all.output).toMatch(/^check:breaking: spec\/dashboard\.yaml: FAIL: 1 change breaks clients;/m);
    expect(all.output).toMatch(/^check:breaking: spec\/openapi\.yaml pass, spec\/dashboard\.yaml FAIL$/m);
    // --spec still checks the one document it names.
    const one = await runCheck(project, ['--spec', 'spec/openapi.yaml']);
    expect(one.code, one.output).toBe(0);
    expect(one.output).not.toMatch(/dashboard/);
    // --base-spec is one document's old path: which one must be said.
    const which = await runCheck(project, ['--base-spec', 'spec/api.yaml']);
    expect(which.code, which.output).toBe(2);
    expect(which.output).toMatch(
      /--base-spec is one document's path at the base: name that document with --spec \(the config lists spec\/openapi\.yaml, spec\/dashboard\.yaml\)/,
    );
  }, 180_000);
});

describe("check:breaking and a config's exclude", () => {
  it('compares paging as the SDKs see it, without what the config leaves out: a spec that builds only without it is compared', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'breaking-exclude-'));
    try {
      git(dir, 'init', '-q', '-b', 'main');
      const ok = { '200': { description: 'OK' } };
      // A TRACE operation: the SDKs cannot send it (fetch forbids it), so the spec does not build whole.
      const spec = {
        openapi: '3.1.0',
        info: { title: 'T', version: '1.0.0' },
        paths: { '/a': { get: { operationId: 'getA', responses: ok }, trace: { responses: ok } } },
      };
      await writeFile(path.join(dir, 'api.json'), JSON.stringify(spec));
      git(dir, 'add', '.');
      git(dir, 'commit', '-qm', 'base');
      const check = () => runCheck(dir, ['--spec', 'api.json', '--base', 'main']);
      const whole = await check();
      expect(whole.output).toMatch(/paging-changed was not checked: the released document does not build/);
      await writeFile(
        path.join(dir, 'contract-kit.config.json'),
        JSON.stringify({ documents: [{ spec: 'api.json', output: 'generated', exclude: ['TRACE /a'] }] }),
      );
      const excluded = await check();
      expect(excluded.code, excluded.output).toBe(0);
      expect(excluded.output).not.toMatch(/was not checked/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
