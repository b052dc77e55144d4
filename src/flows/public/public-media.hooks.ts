import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { imageSliderMachine } from '../../../machines/image-slider/image-slider.machine';
import { videoPopupMachine } from '../../../machines/video-popup/video-popup.machine';
import { zoomBlockMachine } from '../../../machines/zoom-block/zoom-block.machine';
import { inspect } from '../shared/inspector';
import { connectImageSlider, connectVideoPopup, connectZoomBlock } from './public-site.connect';

/**
 * The landing page's media widgets (slider, video popup, zoom block): their machines load with
 * their lazy chunk after the page's text, so the landing page's first JavaScript stays under the
 * login page's (scripts/bench/budgets.ts).
 */

const reducedMotionQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null);

/** The slider, told when the visitor's reduced-motion preference changes. */
export function useImageSlider(count: number) {
  const actor = useActorRef(imageSliderMachine, { input: { count, reducedMotion: reducedMotionQuery()?.matches ?? false }, inspect });
  useEffect(() => {
    const query = reducedMotionQuery();
    if (!query) return;
    const onChange = () => actor.send({ type: 'motion.change', reduced: query.matches });
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, [actor]);
  return connectImageSlider(
    useSelector(actor, (s) => s),
    actor.send,
  );
}

export function useVideoPopup() {
  const actor = useActorRef(videoPopupMachine, { inspect });
  return connectVideoPopup(
    useSelector(actor, (s) => s),
    actor.send,
  );
}

/** The zoom block: an IntersectionObserver on the element tells the machine. */
export function useZoomBlock() {
  const actor = useActorRef(zoomBlockMachine, { inspect });
  const [el, attach] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) actor.send({ type: entry.isIntersecting ? 'zoom.enter' : 'zoom.leave' });
    }, { threshold: 0.4 });
    observer.observe(el);
    return () => observer.disconnect();
  }, [actor, el]);
  return { attach, ...connectZoomBlock(useSelector(actor, (s) => s), actor.send) };
}

