// Channel list and search (spec 001 §7): filters, ordering, paging, and tag mode's folding of tagged channels.
import type { ChannelListPage } from '@turnpike/contract';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { likeContains } from '../db/like-pattern';
import { readPaging } from '../http/envelope';
import { aggregateTag, presentChannel, publicChannelColumns, type ChannelView, type TagModeRow } from './channel-presenter';

/** Which channels a list or search shows. */
export interface ChannelFilter {
  /** Substring of name, tag or base URL, or an exact id. Never matched against keys. */
  keyword?: string;
  /** Channels serving this group (exact group name). */
  group?: string;
  /** Substring of the model list. */
  model?: string;
  type?: number;
  status?: 'enabled' | 'disabled';
}

/** A list or search request. */
export interface ChannelListRequest {
  filter: ChannelFilter;
  /** Order by id (newest first) instead of priority. */
  idSort: boolean;
  /** Fold channels that share a tag into one row. */
  tagMode: boolean;
  page: number;
  pageSize: number;
  offset: number;
}

/** One page of channels. */
export type { ChannelListPage };

const isTrue = (value: unknown): boolean => value === 'true' || value === '1' || value === true;

function text(value: unknown): string | undefined {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? undefined : trimmed;
}

/** Reads `p`, `page_size`, `id_sort`, `tag_mode` and the filters (`keyword`, `group`, `model`, `type`, `status`) from a query. */
export function readListRequest(query: Record<string, unknown>): ChannelListRequest {
  const typeText = text(query.type);
  const statusText = text(query.status)?.toLowerCase();
  const filter: ChannelFilter = { keyword: text(query.keyword), group: text(query.group), model: text(query.model) };
  if (typeText !== undefined && /^\d+$/.test(typeText)) filter.type = Number(typeText);
  if (statusText === 'enabled' || statusText === '1') filter.status = 'enabled';
  if (statusText === 'disabled' || statusText === '0') filter.status = 'disabled';
  return { filter, idSort: isTrue(query.id_sort), tagMode: isTrue(query.tag_mode), ...readPaging(query) };
}

function filterExpression(eb: ExpressionBuilder<Database, 'channels'>, filter: ChannelFilter, withType = true): Expression<SqlBool> {
  const conditions: Array<Expression<SqlBool>> = [];
  if (filter.keyword) {
    const keyword = filter.keyword;
    const alternatives: Array<Expression<SqlBool>> = [likeContains('name', keyword), likeContains('tag', keyword), likeContains('base_url', keyword)];
    if (/^\d{1,15}$/.test(keyword)) alternatives.push(eb('id', '=', Number(keyword)));
    conditions.push(eb.or(alternatives));
  }
  if (filter.group) conditions.push(eb('id', 'in', eb.selectFrom('abilities').select('channel_id').where('group', '=', filter.group)));
  if (filter.model) conditions.push(likeContains('models', filter.model));
  if (withType && filter.type !== undefined) conditions.push(eb('type', '=', filter.type));
  if (filter.status === 'enabled') conditions.push(eb('status', '=', 1));
  if (filter.status === 'disabled') conditions.push(eb('status', '!=', 1));
  return eb.and(conditions);
}

/** Priority (highest first) then newest; or newest first with `id_sort`. */
function orderColumns(idSort: boolean): Array<['id' | 'priority', 'desc']> {
  return idSort ? [['id', 'desc']] : [['priority', 'desc'], ['id', 'desc']];
}

async function typeCounts(db: Kysely<Database>, filter: ChannelFilter): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('channels')
    .where((eb) => filterExpression(eb, filter, false))
    .select((eb) => ['type', eb.fn.countAll<number>().as('count')])
    .groupBy('type')
    .execute();
  return Object.fromEntries(rows.map((row) => [String(row.type), Number(row.count)]));
}

async function plainPage(db: Kysely<Database>, request: ChannelListRequest): Promise<{ items: ChannelView[]; total: number }> {
  let query = db
    .selectFrom('channels')
    .where((eb) => filterExpression(eb, request.filter))
    .select(publicChannelColumns);
  for (const [column, direction] of orderColumns(request.idSort)) query = query.orderBy(column, direction);
  const [rows, count] = await Promise.all([
    query.limit(request.pageSize).offset(request.offset).execute(),
    db
      .selectFrom('channels')
      .where((eb) => filterExpression(eb, request.filter))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(presentChannel), total: Number(count.count) };
}

type Unit = { tag: string } | { id: number };

/**
 * Tag mode: every tag is one row and every untagged channel is one row. Rows take the rank of
 * their best-ranked channel, are paged as rows, and a tag row carries all its matching channels.
 */
async function tagModePage(db: Kysely<Database>, request: ChannelListRequest): Promise<{ items: TagModeRow[]; total: number }> {
  let ranked = db
    .selectFrom('channels')
    .where((eb) => filterExpression(eb, request.filter))
    .select(['id', 'tag']);
  for (const [column, direction] of orderColumns(request.idSort)) ranked = ranked.orderBy(column, direction);
  const units: Unit[] = [];
  const seenTags = new Set<string>();
  for (const row of await ranked.execute()) {
    const tag = row.tag ?? '';
    if (tag === '') units.push({ id: row.id });
    else if (!seenTags.has(tag)) {
      seenTags.add(tag);
      units.push({ tag });
    }
  }
  const pageUnits = units.slice(request.offset, request.offset + request.pageSize);
  const ids = pageUnits.flatMap((unit) => ('id' in unit ? [unit.id] : []));
  const tags = pageUnits.flatMap((unit) => ('tag' in unit ? [unit.tag] : []));
  if (pageUnits.length === 0) return { items: [], total: units.length };
  let query = db
    .selectFrom('channels')
    .where((eb) => filterExpression(eb, request.filter))
    .where((eb) => eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(tags.length ? [eb('tag', 'in', tags)] : [])]))
    .select(publicChannelColumns);
  for (const [column, direction] of orderColumns(request.idSort)) query = query.orderBy(column, direction);
  const rows = (await query.execute()).map(presentChannel);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items: TagModeRow[] = [];
  for (const unit of pageUnits) {
    if ('tag' in unit) items.push(aggregateTag(unit.tag, rows.filter((row) => row.tag === unit.tag)));
    else {
      const row = byId.get(unit.id);
      if (row) items.push(row);
    }
  }
  return { items, total: units.length };
}

/** One page of channels for a list or search request; keys are never read. */
export async function listChannels(db: Kysely<Database>, request: ChannelListRequest): Promise<ChannelListPage> {
  const [{ items, total }, counts] = await Promise.all([request.tagMode ? tagModePage(db, request) : plainPage(db, request), typeCounts(db, request.filter)]);
  return { items, total, page: request.page, page_size: request.pageSize, type_counts: counts };
}
