import { describe, expect, it } from 'vitest';
import { toEmbedUrl } from './video';

const HOSTS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

describe('video addresses', () => {
  it('turns YouTube and Vimeo addresses into their players', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    for (const pasted of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?t=10',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&feature=share',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ])
      expect(toEmbedUrl(pasted, HOSTS)).toBe(embed);
    expect(toEmbedUrl('https://vimeo.com/76979871', HOSTS)).toBe(
      'https://player.vimeo.com/video/76979871',
    );
    expect(toEmbedUrl('https://player.vimeo.com/video/76979871?h=1', HOSTS)).toBe(
      'https://player.vimeo.com/video/76979871',
    );
  });

  it('refuses other hosts and hosts not configured, naming the hosts it takes', () => {
    const sentence = 'Videos can come only from: www.youtube-nocookie.com, player.vimeo.com.';
    for (const pasted of [
      'https://videos.example.com/v/1',
      'javascript:alert(1)',
      'not an address',
      'https://www.youtube.com/watch',
    ])
      expect(() => toEmbedUrl(pasted, HOSTS)).toThrow(sentence);
    expect(() => toEmbedUrl('https://vimeo.com/1', ['https://www.youtube-nocookie.com'])).toThrow(
      'Videos can come only from: www.youtube-nocookie.com.',
    );
    expect(toEmbedUrl('https://media.example.org/embed/7', ['https://media.example.org'])).toBe(
      'https://media.example.org/embed/7',
    );
  });
});
