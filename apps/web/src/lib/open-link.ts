/**
 * Where a send goes next: a receipt (PRODUCT.md §4), a statement reminder (issue 21). One module,
 * so tests can watch it.
 */

/** The wa.me chat in a new tab, without giving it a handle on this one. */
export function openInNewTab(link: string): void {
  window.open(link, '_blank', 'noopener');
}

/** An sms: link hands over to the phone's messaging app; the till stays where it is. */
export function openSmsApp(link: string): void {
  window.location.href = link;
}

/** How long an app has to take over before the device is taken to have none for the link. */
export const HAND_OFF_WAIT_MS = 1500;

/**
 * Whether another app took over within `waitMs` of opening a link (issue 20): the page was
 * hidden or lost the focus. A device with no SMS app leaves the page as it was: then the till
 * says so, rather than a badge claiming a send.
 */
export function handedOff(waitMs = HAND_OFF_WAIT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (result: boolean) => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('blur', onLeave);
      resolve(result);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') done(true);
    };
    const onLeave = () => done(true);
    const timer = window.setTimeout(() => done(false), waitMs);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('blur', onLeave);
  });
}
