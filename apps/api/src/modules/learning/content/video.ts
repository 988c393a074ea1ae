import { badRequest } from '../../../lib/errors';

/**
 * A pasted video address made into the address of its player (decision 0019, "Videos"): a
 * YouTube watch, short or share link becomes youtube-nocookie's embed, a Vimeo page the Vimeo
 * player, provided that host is allowed; any other address must already be on an allowed host.
 */

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);

function youtubeId(url: URL): string | null {
  if (url.hostname === 'youtu.be') return url.pathname.slice(1).split('/')[0] ?? null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const match = /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname);
  return match?.[1] ?? null;
}

const hostsSentence = (hosts: readonly string[]) =>
  `Videos can come only from: ${hosts.map((h) => new URL(h).host).join(', ')}.`;

export function toEmbedUrl(pasted: string, hosts: readonly string[]): string {
  const refuse = () => badRequest(hostsSentence(hosts), { url: hostsSentence(hosts) });
  let url: URL;
  try {
    url = new URL(pasted.trim());
  } catch {
    throw refuse();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse();
  const allowed = new Set(hosts);
  const nocookie = 'https://www.youtube-nocookie.com';
  if (YOUTUBE_HOSTS.has(url.hostname) || url.hostname === 'www.youtube-nocookie.com') {
    const id = youtubeId(url);
    if (id && YOUTUBE_ID.test(id) && allowed.has(nocookie))
      return `${nocookie}/embed/${encodeURIComponent(id)}`;
    throw refuse();
  }
  const vimeoPlayer = 'https://player.vimeo.com';
  if (VIMEO_HOSTS.has(url.hostname) || url.hostname === 'player.vimeo.com') {
    const id = /^\/(?:video\/)?(\d{1,12})(?:\/|$)/.exec(url.pathname)?.[1];
    if (id && allowed.has(vimeoPlayer)) return `${vimeoPlayer}/video/${id}`;
    throw refuse();
  }
  if (url.protocol === 'https:' && allowed.has(url.origin)) return url.href;
  throw refuse();
}
