// The one fixture loader: readers of a `__fixtures__` folder (recorded upstream answers, streams, requests), beside
// a test module or in a provider's folder. Fixture files stay beside the code they describe; only reading them is here.
import { readFileSync } from 'node:fs';

/** Readers of one `__fixtures__` folder. */
export interface FixtureReaders {
  /** The bytes of `__fixtures__/{name}`. */
  fixture(name: string): Buffer;
  /** The UTF-8 text of `__fixtures__/{name}`. */
  fixtureText(name: string): string;
  /** The parsed JSON of `__fixtures__/{name}` (typed by the caller, who knows the file). */
  fixtureJson<T = unknown>(name: string): T;
}

/** Readers of the `__fixtures__` folder beside the module whose URL is given (a test passes `import.meta.url`; a folder URL ends in `/`). */
export function fixturesBeside(moduleUrl: string | URL): FixtureReaders {
  const fixture = (name: string): Buffer => readFileSync(new URL(`./__fixtures__/${name}`, moduleUrl));
  const fixtureText = (name: string): string => fixture(name).toString('utf8');
  return { fixture, fixtureText, fixtureJson: <T>(name: string): T => JSON.parse(fixtureText(name)) as T };
}

const providersSource = new URL('../../providers/src/', import.meta.url);

/** Readers of `packages/providers/src/{folder}/__fixtures__` (a provider's recorded answers, for the relay's end-to-end tests). */
export function providerFixtures(folder: string): FixtureReaders {
  return fixturesBeside(new URL(`${folder}/`, providersSource));
}
