import { describe, expect, it } from 'vitest';
import { editorBookmarklet } from './bookmarklet';

describe('the visual editor bookmarklet', () => {
  it('adds the editor script with the token, and survives being a bookmark address', () => {
    const link = editorBookmarklet('https://ab.example.com', 'tbe_a"b');
    expect(link.startsWith('javascript:(function(){')).toBe(true);
    expect(link).not.toMatch(/[\s"]/);
    const code = decodeURIComponent(link.slice('javascript:(function(){'.length, -'})();'.length));
    // Run against a page of its own, which records what the bookmark adds.
    const added: { src?: string; dataset: Record<string, string> }[] = [];
    const page = {
      createElement: () => ({ dataset: {} }),
      documentElement: { appendChild: (element: (typeof added)[number]) => added.push(element) },
    };
    new Function('document', code)(page);
    expect(added).toEqual([{ src: 'https://ab.example.com/sdk/editor.js', dataset: { token: 'tbe_a"b' } }]);
  });
});
