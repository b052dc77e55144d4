import type { SnapshotFrom } from 'xstate';
import type { PublicTab } from '../../../core/contract/public-site';
import { msg } from '../../../core/message';
import { tabPath } from '../../../core/public-site/content';
import type { faqAccordionMachine } from '../../../machines/faq-accordion/faq-accordion.machine';
import type { FaqAccordionEvent } from '../../../machines/faq-accordion/faq-accordion.types';
import type { imageSliderMachine } from '../../../machines/image-slider/image-slider.machine';
import type { ImageSliderEvent } from '../../../machines/image-slider/image-slider.types';
import type { siteMenuMachine } from '../../../machines/site-menu/site-menu.machine';
import type { SiteMenuEvent } from '../../../machines/site-menu/site-menu.types';
import type { tabLoaderMachine } from '../../../machines/tab-loader/tab-loader.machine';
import type { TabLoaderEvent } from '../../../machines/tab-loader/tab-loader.types';
import type { videoPopupMachine } from '../../../machines/video-popup/video-popup.machine';
import type { VideoPopupEvent } from '../../../machines/video-popup/video-popup.types';
import type { zoomBlockMachine } from '../../../machines/zoom-block/zoom-block.machine';
import type { ZoomBlockEvent } from '../../../machines/zoom-block/zoom-block.types';

/** the site's navigation, which the menu button shows and hides */
export const SITE_NAV_ID = 'site-nav';

/** connect() for the mobile menu. */
export function connectSiteMenu(s: SnapshotFrom<typeof siteMenuMachine>, send: (e: SiteMenuEvent) => void) {
  const isOpen = s.matches('open');
  const onToggle = () => send({ type: 'menu.toggle' });
  return {
    isOpen,
    toggleLabel: isOpen ? msg('site.menu_close') : msg('site.menu_open'),
    onToggle,
    onClose: () => send({ type: 'menu.close' }),
    /** the menu button: a disclosure of the navigation */
    getToggleProps: () => ({ type: 'button' as const, 'aria-expanded': isOpen, 'aria-controls': SITE_NAV_ID, onClick: onToggle }),
    getNavProps: () => ({ id: SITE_NAV_ID }),
  };
}

/** the element id of a FAQ answer */
export const faqAnswerId = (id: string): string => `faq-${id}`;

/** connect() for the FAQ accordion. */
export function connectFaqAccordion(s: SnapshotFrom<typeof faqAccordionMachine>, send: (e: FaqAccordionEvent) => void) {
  const isOpen = (id: string) => s.context.openId === id;
  const onToggle = (id: string) => send({ type: 'faq.toggle', id });
  return {
    isOpen,
    onToggle,
    /** a question: the disclosure of its answer */
    getQuestionProps: (id: string) => ({ type: 'button' as const, 'aria-expanded': isOpen(id), 'aria-controls': faqAnswerId(id), onClick: () => onToggle(id) }),
    getAnswerProps: (id: string) => ({ id: faqAnswerId(id), hidden: !isOpen(id) }),
  };
}

/** connect() for the sliding images. */
export function connectImageSlider(s: SnapshotFrom<typeof imageSliderMachine>, send: (e: ImageSliderEvent) => void) {
  return {
    index: s.context.index,
    count: s.context.count,
    isPlaying: s.matches('playing'),
    isHeld: s.matches('held'),
    /** reduced motion: never moves by itself */
    isStill: s.matches('still'),
    onNext: () => send({ type: 'slide.next' }),
    onPrev: () => send({ type: 'slide.prev' }),
    onGo: (index: number) => send({ type: 'slide.go', index }),
    /** the dot that shows slide `index`: current when it is shown */
    getDotProps: (index: number) => ({ type: 'button' as const, 'aria-current': index === s.context.index, onClick: () => send({ type: 'slide.go', index }) }),
    onHold: () => send({ type: 'slide.hold' }),
    onRelease: () => send({ type: 'slide.release' }),
    onMotion: (reduced: boolean) => send({ type: 'motion.change', reduced }),
  };
}

/** connect() for the video popup. */
export function connectVideoPopup(s: SnapshotFrom<typeof videoPopupMachine>, send: (e: VideoPopupEvent) => void) {
  const isPaused = s.matches({ open: 'paused' });
  return {
    isOpen: s.matches('open'),
    isPaused,
    toggleLabel: isPaused ? msg('site.video_play') : msg('site.video_pause'),
    onOpen: () => send({ type: 'video.open' }),
    onClose: () => send({ type: 'video.close' }),
    onToggle: () => send({ type: 'video.toggle' }),
  };
}

/** connect() for the zoom-on-scroll block. */
export function connectZoomBlock(s: SnapshotFrom<typeof zoomBlockMachine>, send: (e: ZoomBlockEvent) => void) {
  return {
    isZoomed: s.matches('inside'),
    onVisible: (visible: boolean) => send({ type: visible ? 'zoom.enter' : 'zoom.leave' }),
  };
}

/** connect() for the async tab loader, in the page's language `lang`. */
export function connectTabLoader(s: SnapshotFrom<typeof tabLoaderMachine>, send: (e: TabLoaderEvent) => void, lang = s.context.lang) {
  const isLoading = s.matches('loading');
  const isFailed = s.matches('failed');
  // while another tab loads, the last one stays on screen (dimmed)
  return {
    tab: s.context.tab,
    content: s.context.content,
    isLoading,
    isFailed,
    error: isFailed ? s.context.error : null,
    onOpen: (tab: PublicTab) => send({ type: 'tab.open', tab }),
    onPopstate: (tab: PublicTab) => send({ type: 'tab.popstate', tab }),
    onRetry: () => send({ type: 'tab.retry' }),
    /** the page's main content: busy while another tab loads */
    getMainProps: () => ({ 'aria-busy': isLoading }),
    /** a tab's link in the navigation: the page when it is the tab shown */
    getLinkProps: (tab: PublicTab) => ({ href: tabPath(lang, tab), 'aria-current': tab === s.context.tab ? ('page' as const) : undefined }),
    /** a language's link: the same tab in that language; the current one marked */
    getLanguageProps: (l: string) => ({ href: tabPath(l, s.context.tab), hrefLang: l, lang: l, 'aria-current': l === lang ? ('true' as const) : undefined }),
    /** the failed load with its retry: announced at once */
    getProblemProps: () => ({ role: 'alert' as const }),
  };
}

