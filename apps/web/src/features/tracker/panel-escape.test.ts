import { describe, expect, it } from 'vitest';
import { escapeClosesPanel } from './panel-escape';

const element = (attributes: Record<string, string> = {}) => ({
  getAttribute: (name: string) => attributes[name] ?? null,
});

describe('escapeClosesPanel', () => {
  it('closes the panel on Escape pressed in a button, an input or the panel itself', () => {
    expect(escapeClosesPanel({ key: 'Escape', target: element() })).toBe(true);
    expect(escapeClosesPanel({ key: 'Escape', target: null })).toBe(true);
  });

  it('leaves the panel open when Escape closes an open option list', () => {
    const listOpen = element({ 'data-mantine-stop-propagation': 'true' });
    expect(escapeClosesPanel({ key: 'Escape', target: listOpen })).toBe(false);
  });

  it('ignores other keys', () => {
    expect(escapeClosesPanel({ key: 'Enter', target: element() })).toBe(false);
    expect(escapeClosesPanel({ key: 'Esc', target: element() })).toBe(false);
  });
});
