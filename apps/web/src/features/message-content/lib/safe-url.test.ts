import { describe, expect, it } from 'vitest';
import { safeHref, toSafeUrl } from './safe-url.ts';

describe('toSafeUrl', () => {
  it.each([
    ['https://example.org/a?b=1#c', 'https://example.org/a?b=1#c', true],
    ['http://example.org', 'http://example.org', true],
    ['HTTPS://EXAMPLE.ORG/X', 'HTTPS://EXAMPLE.ORG/X', true],
    ['  https://example.org/padded  ', 'https://example.org/padded', true],
    ['/api/documents/7/file#page=12', '/api/documents/7/file#page=12', false],
    ['/chat', '/chat', false],
    ['#source-abc-1', '#source-abc-1', false],
  ])('allows %j', (raw, href, external) => {
    expect(toSafeUrl(raw)).toEqual({ href, external });
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:someone@example.org',
    'ftp://example.org/file',
    '//evil.example/phish',
    '/\\evil.example/phish',
    '/\\/evil.example',
    'https:evil.example',
    'https://',
    'relative/path',
    './here',
    '?q=1',
    '',
    '   ',
  ])('refuses %j', (raw) => {
    expect(toSafeUrl(raw)).toBeNull();
    expect(safeHref(raw)).toBeNull();
  });

  it.each([null, undefined, 42, {}, ['https://example.org']])('refuses non-strings (%j)', (raw) => {
    expect(toSafeUrl(raw)).toBeNull();
  });
});
