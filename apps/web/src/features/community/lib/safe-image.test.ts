import { describe, expect, it } from 'vitest';
import { toSafeImage } from './safe-image.ts';

describe('toSafeImage', () => {
  it('takes https pictures and the app’s own paths', () => {
    expect(toSafeImage('https://lh3.example.com/a.jpg')).toBe('https://lh3.example.com/a.jpg');
    expect(toSafeImage('/api/files/a.png')).toBe('/api/files/a.png');
  });

  it('gives none for anything else', () => {
    for (const raw of [
      null,
      '',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://x.org/a.png',
      '//evil.example/a.png',
      '/\\evil.example',
    ]) {
      expect(toSafeImage(raw)).toBeNull();
    }
  });
});
