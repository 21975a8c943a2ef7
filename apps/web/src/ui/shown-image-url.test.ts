import { describe, expect, it } from 'vitest';
import { shownImageUrl } from './shown-image-url';

const ORIGIN = 'http://app.chi.localhost';

describe('shownImageUrl', () => {
  it('loads an image on another host through the image proxy', () => {
    expect(shownImageUrl('https://example.org/a b.png?x=1&y=2', ORIGIN)).toBe(
      '/api/v1/image-proxy?url=https%3A%2F%2Fexample.org%2Fa%2520b.png%3Fx%3D1%26y%3D2',
    );
    expect(shownImageUrl('http://example.org/a.png', ORIGIN)).toBe('/api/v1/image-proxy?url=http%3A%2F%2Fexample.org%2Fa.png');
  });

  it('keeps our own images, data and blob URLs and the avatar service as they are', () => {
    for (const url of ['/uploads/abc', `${ORIGIN}/uploads/abc`, 'data:image/png;base64,AAAA', 'blob:http://app.chi.localhost/1', 'https://www.gravatar.com/avatar/ab?d=identicon&s=80']) {
      expect(shownImageUrl(url, ORIGIN)).toBe(url);
    }
  });
});
