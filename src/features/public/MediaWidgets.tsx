import { createPortal } from 'react-dom';
import type { PublicRunlineEntry } from '../../../core/contract/public-site';
import { runlineItems, runlineProps } from '../../flows/public/public-data.connect';
import { useImageSlider, useVideoPopup, useZoomBlock } from '../../flows/public/public-media.hooks';
import { useT } from '../../i18n';
import { useDialog } from '../../ui/useDialog';

/** The landing page's widgets that come after the text (prices, ticker, slider, video, zoom): a lazy chunk of their own. */

const SLIDES = [1, 2, 3] as const;

/** The sliding images: inline SVG drawings, autoplay held under hover and focus, still under reduced motion. */
export function Slider() {
  const { t } = useT();
  const s = useImageSlider(SLIDES.length);
  return (
    <section
      className="site-slider"
      data-testid="site-slider"
      data-state={s.isStill ? 'still' : s.isHeld ? 'held' : 'playing'}
      aria-roledescription="carousel"
      aria-label={t('site.slider_label')}
      onMouseEnter={s.onHold}
      onMouseLeave={s.onRelease}
      onFocus={s.onHold}
      onBlur={s.onRelease}
    >
      {/* the slides share one grid cell (public.css): the slider is as tall as its tallest slide, so nothing moves as they turn */}
      <div className="site-slides">
        {SLIDES.map((n, i) => (
          <div key={n} className="site-slide" hidden={i !== s.index} aria-roledescription="slide" data-testid={`site-slide-${n}`}>
            <svg viewBox="0 0 120 60" aria-hidden="true" className={`site-slide__art site-slide__art--${n}`}>
              <rect x="4" y="4" width="112" height="52" rx="8" />
              <circle cx={20 + n * 20} cy="30" r="12" />
              <path d={`M10 ${50 - n * 6} L40 ${36 - n * 2} L70 ${44 - n * 4} L110 ${20 + n * 2}`} />
            </svg>
            {/* under the page's h1 with no h2 before it: a level-2 heading (axe heading-order) */}
            <h2 className="site-slide__title">{t(`site.slide${n}_title`)}</h2>
            <p>{t(`site.slide${n}_text`)}</p>
          </div>
        ))}
      </div>
      <div className="site-slider__controls">
        <button type="button" onClick={s.onPrev} aria-label={t('site.slider_prev')} data-testid="site-slider-prev">‹</button>
        {SLIDES.map((n, i) => (
          <button key={n} {...s.getDotProps(i)} aria-label={t('site.slider_go', { n })} className="site-slider__dot" />
        ))}
        <button type="button" onClick={s.onNext} aria-label={t('site.slider_next')} data-testid="site-slider-next">›</button>
      </div>
    </section>
  );
}

/** The zoom-on-scroll block. */
export function ZoomBlock() {
  const { t } = useT();
  const { attach, isZoomed } = useZoomBlock();
  return (
    <section ref={attach} className={`site-zoom${isZoomed ? ' site-zoom--in' : ''}`} data-testid="site-zoom" data-zoomed={isZoomed}>
      <h2>{t('site.zoom_title')}</h2>
      <p>{t('site.zoom_text')}</p>
    </section>
  );
}

/** The video popup: an animated SVG/CSS demo drawn here (nothing loads from elsewhere); a modal on the dialog primitive. */
export function VideoPopup() {
  const { t } = useT();
  const v = useVideoPopup();
  return (
    <>
      <button type="button" className="button" onClick={v.onOpen} data-testid="site-video-open">
        ▶ {t('site.video_open')}
      </button>
      {v.isOpen && <VideoDialog v={v} />}
    </>
  );
}

function VideoDialog({ v }: { v: ReturnType<typeof useVideoPopup> }) {
  const { t, text } = useT();
  const dialog = useDialog({ onClose: v.onClose });
  return createPortal(
    <div className="site-video" data-testid="site-video" {...dialog.getBackdropProps()}>
      <div className="site-video__box" {...dialog.getDialogProps()}>
        <h2 {...dialog.getTitleProps()}>{t('site.video_title')}</h2>
        <div className={`site-video__stage${v.isPaused ? ' site-video__stage--paused' : ''}`} data-testid="site-video-stage" data-paused={v.isPaused}>
          {[1, 2, 3].map((n) => (
            <span key={n} className={`site-video__step site-video__step--${n}`}>
              {t(`site.video_step${n}`)}
            </span>
          ))}
        </div>
        <button type="button" className="button button--small" onClick={v.onToggle} data-testid="site-video-toggle">
          {text(v.toggleLabel)}
        </button>{' '}
        <button type="button" className="button button--small" onClick={v.onClose} data-testid="site-video-close" data-autofocus>
          {t('site.video_close')}
        </button>
      </div>
    </div>,
    document.body,
  );
}

/** The accordion FAQ: one answer open at a time. */

/**
 * The ticker of real settled trades. Its place is kept from the first paint, one line high, so the
 * widgets under it never move when the trades come (issue 33 §3); without a trade in the last day it
 * says so (nothing invented).
 */
export function Runline({ entries }: { entries: PublicRunlineEntry[] | null }) {
  const { t, text } = useT();
  const items = runlineItems(entries);
  return (
    <section className="site-runline" {...runlineProps(entries)} aria-label={t('site.runline_label')}>
      {items.length > 0 ? (
        <div className="site-runline__track">
          {items.map((item) => (
            <span key={item.key}>{text(item.text)}</span>
          ))}
        </div>
      ) : (
        <div className="site-runline__none">{entries === null ? '' : t('site.runline_none')}</div>
      )}
      <small>{t('site.runline_note')}</small>
    </section>
  );
}

