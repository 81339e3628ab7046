import { describe, expect, it } from 'vitest';
import { commentExcerpt } from './excerpt.ts';

describe('commentExcerpt', () => {
  it('drops markup, keeps mentions as text and reads entities back', () => {
    expect(
      commentExcerpt(
        '<p>Hi <span data-mention="x">@Ada Engineer</span>, poles &amp; <strong>spans</strong></p><p>a &lt; b</p>',
      ),
    ).toBe('Hi @Ada Engineer, poles & spans a < b');
  });

  it('separates blocks and line breaks by a space and collapses white space', () => {
    expect(commentExcerpt('<ul><li>one</li><li>two</li></ul>line<br>next   \n end')).toBe(
      'one two line next end',
    );
  });

  it('cuts a long text at a word boundary with an ellipsis', () => {
    const text = `${'word '.repeat(60)}end`;
    const excerpt = commentExcerpt(`<p>${text}</p>`, 50);
    expect(excerpt.length).toBeLessThanOrEqual(50);
    expect(excerpt.endsWith('word…')).toBe(true);
  });

  it('leaves no script text behind', () => {
    expect(commentExcerpt('<script>alert(1)</script><p>safe</p>')).toBe('safe');
  });
});
