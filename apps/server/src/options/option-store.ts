// The options store: typed values cached in memory, persisted as text, refreshed on every write.
import { defaultOptionText, formatOptionValue, optionDefinitions, parseOptionValue, type OptionValue } from '@turnpike/contract';
import type { Kysely } from 'kysely';
import type { ChangeBus } from '../cluster/change-bus';
import type { DatabaseHandle, DatabaseKind } from '../db/connect';
import type { Database } from '../db/schema';
import { badRequest } from '../http/api-error';

const topic = 'option';

/** Reads options from memory; writes go to the database, then to every instance's cache. */
export class OptionStore {
  private readonly values = new Map<string, OptionValue>();
  private readonly texts = new Map<string, string>();
  private readonly listeners: Array<(key: string) => void> = [];

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DatabaseKind,
    private readonly bus: ChangeBus,
  ) {}

  /** Loads every option (stored value or default) and starts listening for changes from other instances and resyncs. */
  static async open(handle: DatabaseHandle, bus: ChangeBus): Promise<OptionStore> {
    const store = new OptionStore(handle.db, handle.kind, bus);
    await store.reloadAll();
    // A failed reload (database briefly away) keeps the cached value; the periodic resync catches up.
    bus.subscribe(topic, (key) => void store.reloadKey(key).catch(() => undefined));
    // After a Redis outage (and periodically) every option is re-read, so a missed notice never lives long.
    bus.onResync(() => store.reloadAll());
    return store;
  }

  /** Re-reads every option from the database and tells the listeners about each key whose value changed. */
  async reloadAll(): Promise<void> {
    const rows = await this.db.selectFrom('options').select(['key', 'value']).execute();
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    const changed: string[] = [];
    for (const key of optionDefinitions.keys()) {
      const before = this.texts.get(key);
      this.apply(key, stored.get(key) ?? defaultOptionText(key));
      if (before !== undefined && before !== this.texts.get(key)) changed.push(key);
    }
    for (const key of changed) for (const listener of this.listeners) listener(key);
  }

  private async reloadKey(key: string): Promise<void> {
    if (!optionDefinitions.has(key)) return;
    const row = await this.db.selectFrom('options').select('value').where('key', '=', key).executeTakeFirst();
    const before = this.texts.get(key);
    this.apply(key, row?.value ?? defaultOptionText(key));
    if (before !== this.texts.get(key)) for (const listener of this.listeners) listener(key);
  }

  private apply(key: string, text: string): void {
    const definition = optionDefinitions.get(key);
    if (!definition) return;
    const parsed = parseOptionValue(definition, text);
    // A stored value that no longer parses (hand-edited database) falls back to the default.
    const effective = parsed.ok ? text : defaultOptionText(key);
    const value = parsed.ok ? parsed.value : (parseOptionValue(definition, effective) as { value: OptionValue }).value;
    this.values.set(key, value);
    this.texts.set(key, effective);
  }

  /** Validates and stores one option; throws a 400 with the spec's message when the value is invalid. */
  async set(key: string, value: unknown): Promise<void> {
    const definition = optionDefinitions.get(key);
    if (!definition) throw badRequest(`unknown option: ${key}`);
    const text = formatOptionValue(value ?? '');
    const parsed = parseOptionValue(definition, text);
    if (!parsed.ok) throw badRequest(parsed.message);
    const insert = this.db.insertInto('options').values({ key, value: text });
    await (this.kind === 'mysql'
      ? insert.onDuplicateKeyUpdate({ value: text })
      : insert.onConflict((conflict) => conflict.column('key').doUpdateSet({ value: text }))
    ).execute();
    const before = this.texts.get(key);
    this.apply(key, text);
    // Listeners (the price book, …) learn of the change before the write is acknowledged, so the very next call
    // sees it; the bus then tells the other instances (this one re-reads the key and finds nothing new).
    if (before !== this.texts.get(key)) for (const listener of this.listeners) listener(key);
    this.bus.publish(topic, key);
  }

  /** Calls back after an option changed here or on another instance. */
  onChange(listener: (key: string) => void): void {
    this.listeners.push(listener);
  }

  /** The stored text of an option. */
  text(key: string): string {
    return this.texts.get(key) ?? '';
  }

  /** A boolean option. */
  bool(key: string): boolean {
    return this.values.get(key) === true;
  }

  /** A numeric option. */
  number(key: string): number {
    const value = this.values.get(key);
    return typeof value === 'number' ? value : 0;
  }

  /** A text option. */
  string(key: string): string {
    const value = this.values.get(key);
    return typeof value === 'string' ? value : '';
  }

  /** A JSON option, already validated against its schema on write. */
  json<T>(key: string): T {
    return this.values.get(key) as T;
  }

  /** Every option key with its text value, secrets included (callers mask them). */
  entries(): Array<{ key: string; value: string }> {
    return [...this.texts.entries()].map(([key, value]) => ({ key, value }));
  }
}
