import { describe, expect, it } from 'vitest';
import { createSanitiser } from './rich-text-core';
import { hasContent, sanitiseRichText } from './rich-text';

const clean = createSanitiser();

describe('the rich-text sanitiser', () => {
  it('keeps the allowed markup as it is', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><h4>Minor</h4><p>A <strong>b</strong> <em>c</em> <u>d</u> <s>e</s> <code>f</code></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote><pre><code>x = 1</code></pre>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">v</td></tr></tbody></table>' +
      '<p><a href="mailto:help@example.org">mail</a> <a href="/en/course/3">in the app</a></p>';
    expect(clean(html)).toBe(html);
  });

  it('removes script, event attributes and style', () => {
    expect(clean('<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p>')).toBe(
      '<p>Hi</p>',
    );
    expect(
      clean('<img src="lantern-file:0b5e2a8e-1111-4222-8333-444455556666" onerror="x()">'),
    ).toBe('<img src="lantern-file:0b5e2a8e-1111-4222-8333-444455556666">');
    expect(clean('<iframe src="https://evil.example"></iframe><form><input></form><p>ok</p>')).toBe(
      '<p>ok</p>',
    );
    expect(clean('<svg><script>x</script></svg><style>p{}</style><p class="x" id="y">z</p>')).toBe(
      '<p>z</p>',
    );
  });

  it('drops javascript: and protocol-relative links, and marks links out of the app', () => {
    expect(clean('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="data:text/html,hi">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="https://example.org" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(clean('<a href="/en/home" target="_top">x</a>')).toBe('<a href="/en/home">x</a>');
  });

  it('refuses data: and outside images: only course files are shown', () => {
    expect(clean('<img src="data:image/png;base64,AAAA"><p>a</p>')).toBe('<p>a</p>');
    expect(clean('<img src="https://tracker.example/pixel.gif"><p>a</p>')).toBe('<p>a</p>');
    expect(clean('<img src="lantern-file:not-a-uuid"><p>a</p>')).toBe('<p>a</p>');
  });

  it('runs in its worker thread, and refuses more than 200 KB', async () => {
    await expect(sanitiseRichText('<p onmouseover="x">Hello</p>')).resolves.toBe('<p>Hello</p>');
    await expect(sanitiseRichText('   ')).resolves.toBe('');
    await expect(
      sanitiseRichText(`<p>${'a'.repeat(200_001)}</p>`, 'syllabus'),
    ).rejects.toMatchObject({
      statusCode: 400,
      extra: { fields: { syllabus: 'At most 200 KB of text.' } },
    });
    expect(hasContent('<p> </p>')).toBe(false);
    expect(hasContent('<p>a</p>')).toBe(true);
  });
});
