import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in HTML and XML text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x?a=1&b='2'">`)).toBe('&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;');
    expect(escapeHtml('Café 🎉')).toBe('Café 🎉');
  });
});
