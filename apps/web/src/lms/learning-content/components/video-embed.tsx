import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A video of an allowed host, loaded only when tapped: a slow link pays nothing until then
 * (decision 0019, "Videos"). The player runs sandboxed; the CSP's frame-src names the hosts.
 */
export function VideoEmbed({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  return (
    <div className="lc-video">
      {playing ? (
        <iframe
          src={`${url}${url.includes('?') ? '&' : '?'}autoplay=1`}
          title={title}
          sandbox="allow-scripts allow-same-origin allow-presentation"
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          className="lc-video-poster"
          onClick={() => {
            setPlaying(true);
          }}
        >
          <span aria-hidden="true">▶</span>
          {t('content.playVideo', 'Play the video: {{title}}', { title })}
        </button>
      )}
    </div>
  );
}
