/** Most attributes a pole's popup lists; the rest are left out with a note. */
const MAX_ROWS = 10;

/** The lines of a pole's popup: its id first, then its attributes in name order, empty ones left out. */
export function popupRows(properties: Record<string, unknown>): Array<[string, string]> {
  const id = properties.externalId;
  const rows = Object.entries(properties)
    .filter(([name, value]) => name !== 'externalId' && value !== null && value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]): [string, string] => [
      name,
      typeof value === 'object' ? JSON.stringify(value) : String(value),
    ]);
  const shown = rows.slice(0, MAX_ROWS);
  if (rows.length > MAX_ROWS) shown.push(['…', `${rows.length - MAX_ROWS} more`]);
  return id === undefined ? shown : [['Id', String(id)], ...shown];
}

/** The popup's content built as DOM text (never HTML), so attribute values cannot inject markup. */
export function popupContent(properties: Record<string, unknown>): HTMLElement {
  const table = document.createElement('table');
  table.style.fontSize = '12px';
  table.style.borderSpacing = '6px 2px';
  for (const [name, value] of popupRows(properties)) {
    const row = table.insertRow();
    const label = row.insertCell();
    label.textContent = name;
    label.style.color = '#868e96';
    row.insertCell().textContent = value;
  }
  return table;
}
