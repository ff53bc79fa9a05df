// An option store on its own SQLite file, for tests of what reads options (test files only: it registers vitest hooks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { LocalChangeBus } from '../../src/cluster/change-bus';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';
import { OptionStore } from '../../src/options/option-store';

/** Opens a store on a fresh, migrated SQLite file before the tests of the calling block, and removes it after them. */
export function useSqliteOptionStore(name: string): { readonly options: OptionStore } {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  let handle: DatabaseHandle | undefined;
  let store: OptionStore | undefined;
  beforeAll(async () => {
    handle = openDatabase({ kind: 'sqlite', sqlitePath: path.join(directory, 'options.db') });
    await migrateToLatest(handle);
    store = await OptionStore.open(handle, new LocalChangeBus());
  });
  afterAll(async () => {
    await handle?.db.destroy();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  return {
    get options(): OptionStore {
      if (!store) throw new Error('the option store opens in beforeAll');
      return store;
    },
  };
}
