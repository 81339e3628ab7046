/** An ILIKE pattern matching text that contains `search` literally: its %, _ and \ match only themselves. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, '\\$&')}%`;
}
