/**
 * What pyright (strict) makes of the Python SDK's result and argument types, on Train Travel (its
 * results are allOf of a component and inline links, or a wrapper refined by allOf; Booking.id is
 * readOnly) and on test/fixtures/python/result-types.yaml (inline results, writeOnly keys, an
 * optional body with a required property, a request TypedDict, a repeated enum value): a usage
 * script checks clean where the call is right, and has an error on each line marked `# error`
 * and nowhere else. The emitter's output itself is test/unit/generators/plugins/python/result-types.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';
import { generatedPackagesConfig } from '../../../../support/pyright.js';

const PYRIGHT = path.resolve('node_modules/.bin/pyright');

const TRAIN_TRAVEL = {
  spec: 'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml',
  right: `
from typing import List, Optional
from train_travel import TrainTravel
from train_travel.types import Booking, Station

client = TrainTravel(api_key="k")
booking = client.bookings.retrieve("b1")
name: Optional[str] = booking.get("passenger_name")
created: Booking = client.bookings.create(trip_id="t", passenger_name="n")
first: Booking = next(iter(client.bookings.list()))
link: Optional[str] = booking.get("links", {}).get("self")
stations: List[Station] = client.stations.list().data
`,
  wrong: `
from train_travel import TrainTravel

client = TrainTravel(api_key="k")
booking = client.bookings.retrieve("b1")
missing = booking["no_such_field"]  # error
count: int = booking.get("passenger_name", "")  # error
client.bookings.create(id="b1", trip_id="t", passenger_name="n")  # error
`,
};

const FIXTURE = {
  spec: 'test/fixtures/python/result-types.yaml',
  right: `
from result_types_fixture import ResultTypesFixture
from result_types_fixture.types import Thing, ThingParam

client = ResultTypesFixture(api_key="k")
created = client.things.create(name="n", password="p")
thing: Thing = created
ident: str = created["id"]
link: str = created["links"]["self"]
updated: str = client.things.update("t1", name="n")["id"]
client.things.batch.create(items=[{"name": "n", "password": "p"}])
param: ThingParam = {"name": "n", "password": "p"}
client.things.notes.retrieve("t1", status="available")
`,
  wrong: `
from result_types_fixture import ResultTypesFixture
from result_types_fixture.types import ThingParam

client = ResultTypesFixture(api_key="k")
created = client.things.create(name="n", password="p")
secret = created["password"]  # error
client.things.create(id="t1", name="n", password="p")  # error
client.things.update("t1", color="red")  # not a type error: the body is optional, so is name; the runtime wants it once a field is given
bad: ThingParam = {"id": "t1", "name": "n", "password": "p"}  # error
client.things.notes.retrieve("t1", status="sold")  # error
`,
};

function run(command: string, args: string[]): Promise<{ stdout: string; output: string }> {
  return new Promise((resolve) =>
    execFile(command, args, { maxBuffer: 64 * 1024 * 1024 }, (_error, stdout, stderr) =>
      resolve({ stdout, output: `${stdout}${stderr}` }),
    ),
  );
}

/** The lines of a script marked `# error`, 1-based. */
function marked(script: string): number[] {
  return script.split('\n').flatMap((line, index) => (line.endsWith('# error') ? [index + 1] : []));
}

describe('pyright on the Python SDK’s result and argument types', () => {
  let workDir: string;
  let errors: Array<{ file: string; line: number; message: string }>;
  const roots = { 'train-travel': TRAIN_TRAVEL, 'result-types': FIXTURE };

  beforeAll(async () => {
    await mkdir(path.resolve('.cache'), { recursive: true });
    workDir = await mkdtemp(path.resolve('.cache', 'pyright-types-'));
    for (const [root, { spec, right, wrong }] of Object.entries(roots)) {
      await generate({
        spec,
        out: path.join(workDir, 'out', root),
        command: 'test',
        write: true,
        skip: ['sdks'],
        log: () => {},
      });
      await writeFile(path.join(workDir, 'out', root, 'python', 'right.py'), right);
      await writeFile(path.join(workDir, 'out', root, 'python', 'wrong.py'), wrong);
    }
    // One run, one execution environment per package, so each resolves its own imports.
    const included = Object.keys(roots).map((root) => `out/${root}/python`);
    const config = generatedPackagesConfig({ roots: included });
    await writeFile(path.join(workDir, 'pyrightconfig.json'), JSON.stringify(config));
    const result = await run(PYRIGHT, ['--outputjson', '-p', workDir]);
    const report = JSON.parse(result.stdout) as {
      generalDiagnostics: Array<{
        file: string;
        severity: string;
        message: string;
        range: { start: { line: number } };
      }>;
    };
    errors = report.generalDiagnostics
      .filter((diagnostic) => diagnostic.severity === 'error')
      .map((diagnostic) => ({
        file: path.relative(workDir, diagnostic.file),
        line: diagnostic.range.start.line + 1,
        message: diagnostic.message,
      }));
  }, 240_000);
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  for (const [root, { wrong }] of Object.entries(roots)) {
    it(`checks ${root}'s package and a right use of it with zero errors`, () => {
      expect(
        errors.filter((error) => error.file.startsWith(`out/${root}/`) && !error.file.endsWith('wrong.py')),
      ).toEqual([]);
    });

    it(`reports an error on each wrong use of ${root}'s package, and nowhere else`, () => {
      const found = errors.filter((error) => error.file === `out/${root}/python/wrong.py`);
      expect(
        [...new Set(found.map((error) => error.line))],
        found.map((error) => `${error.line}: ${error.message}`).join('\n'),
      ).toEqual(marked(wrong));
    });
  }
});
