// Substring search that behaves the same on SQLite, PostgreSQL and MySQL.
import { sql, type RawBuilder } from 'kysely';

/** Escapes LIKE wildcards with `!`, an escape character that needs no quoting on any engine. */
function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (character) => '!' + character);
}

/** `column LIKE %text%` with the user's text taken literally. */
export function likeContains(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} LIKE ${'%' + escapeLike(text) + '%'} ESCAPE '!'`;
}
