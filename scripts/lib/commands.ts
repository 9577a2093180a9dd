/** contract-kit's commands: the script each runs, and the line `contract-kit --help` prints for it. */
export interface Command {
  /** The script that runs it, from this file's folder (scripts/lib/). */
  script: string;
  summary: string;
  /** Other spellings accepted (check-breaking for check:breaking). */
  aliases?: string[];
}

export const COMMANDS: Record<string, Command> = {
  init: {
    script: '../init.ts',
    summary: 'set this folder up: config, .spectral.yaml, package scripts, CI workflow, .gitignore',
  },
  generate: {
    script: '../../generators/cli.ts',
    summary: 'every listed document through its plugins: types, SDKs, stubs, contract suites',
  },
  lint: { script: '../lint.ts', summary: 'Spectral and Redocly on the documents, file:line:col' },
  docs: { script: '../docs.ts', summary: 'a self-contained HTML reference per document (Redoc)' },
  mock: { script: '../mock.ts', summary: 'the Prism mock of a document, until Ctrl-C' },
  dev: {
    script: '../dev.ts',
    summary: 'on every save: regenerate, lint, rebuild the docs, reload the mock',
  },
  'check:generated': {
    script: '../check-generated.ts',
    summary: 'fail when the committed output differs from what the documents generate',
    aliases: ['check-generated'],
  },
  'check:breaking': {
    script: '../check-breaking.ts',
    summary: 'fail on changes that break existing clients without a major version bump',
    aliases: ['check-breaking'],
  },
  'check:roundtrip': {
    script: '../check-roundtrip.ts',
    summary: 'every operation through the TypeScript and Python SDKs against the server stubs',
    aliases: ['check-roundtrip'],
  },
  'test:contract': {
    script: '../test-contract.ts',
    summary: 'the generated contract suites against the Prism mock (or CONTRACT_BASE_URL)',
    aliases: ['test-contract'],
  },
};
