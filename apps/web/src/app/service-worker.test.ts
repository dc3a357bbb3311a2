import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { startServiceWorker, tillIsBusy, UPDATE_CHECK_INTERVAL_MS } from './service-worker';

/** A service worker as the page sees it: its state, and what the page posted to it. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  install() {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = vi.fn(async () => undefined);
  /** The browser found a new sw.js and starts installing it. */
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  controller: object | null;
  readonly registration = new FakeRegistration();
  register = vi.fn(async () => this.registration);
  constructor(controlled: boolean) {
    super();
    this.controller = controlled ? {} : null;
  }
  /** A new service worker took the page. */
  takeOver() {
    this.controller = {};
    this.dispatchEvent(new Event('controllerchange'));
  }
}

let busy: boolean;
let navigate: () => void;
let reload: ReturnType<typeof vi.fn>;
let visibility: DocumentVisibilityState;

function setup(controlled: boolean, waiting?: FakeWorker) {
  const container = new FakeContainer(controlled);
  container.registration.waiting = waiting ?? null;
  reload = vi.fn();
  const doc = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  Object.defineProperty(doc, 'visibilityState', { get: () => visibility });
  const win = Object.assign(new EventTarget(), {
    document: doc,
    location: { reload },
    navigator: { onLine: true },
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
  });
  const started = startServiceWorker({
    container: container as unknown as ServiceWorkerContainer,
    window: win as unknown as Window,
    onNavigation: (listener) => {
      navigate = listener;
    },
    isBusy: () => busy,
  });
  const hide = () => {
    visibility = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  return { container, started, win, hide };
}

beforeEach(() => {
  busy = false;
  visibility = 'visible';
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the service worker', () => {
  it('registers sw.js for the whole app', async () => {
    const { container, started } = setup(false);
    await started;
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('does not reload when the first service worker takes the page', async () => {
    const { container, started } = setup(false);
    await started;
    container.takeOver();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('a new release', () => {
  it('takes over at once and reloads when the till is free', async () => {
    const waiting = new FakeWorker();
    const { container, started } = setup(true, waiting);
    await started;
    expect(waiting.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    container.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waits while a sale is under way, then takes over at the next page change', async () => {
    busy = true;
    const waiting = new FakeWorker();
    const { container, started } = setup(true, waiting);
    await started;
    navigate();
    expect(waiting.posted).toEqual([]);
    busy = false;
    navigate();
    expect(waiting.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    container.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('takes over when the page is hidden and the till is free', async () => {
    busy = true;
    const { container, started, hide } = setup(true);
    await started;
    const worker = new FakeWorker();
    container.registration.found(worker);
    worker.install();
    expect(worker.posted).toEqual([]);
    busy = false;
    hide();
    expect(worker.posted).toEqual([{ type: 'SKIP_WAITING' }]);
  });

  it('reloads a tab another tab updated only once that tab is free', async () => {
    busy = true;
    const { container, started } = setup(true);
    await started;
    container.takeOver();
    expect(reload).not.toHaveBeenCalled();
    busy = false;
    navigate();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is looked for every hour while online, and when the connection returns', async () => {
    const { container, started, win } = setup(true);
    await started;
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(container.registration.update).toHaveBeenCalledTimes(1);
    win.navigator.onLine = false;
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(container.registration.update).toHaveBeenCalledTimes(1);
    win.navigator.onLine = true;
    win.dispatchEvent(new Event('online'));
    expect(container.registration.update).toHaveBeenCalledTimes(2);
  });
});

describe('the till is busy', () => {
  afterEach(() => {
    useCartStore.getState().clearCart();
    document.body.innerHTML = '';
  });

  it('with lines in the cart or a dialog open', () => {
    expect(tillIsBusy()).toBe(false);
    document.body.innerHTML = '<div role="dialog">Receipt</div>';
    expect(tillIsBusy()).toBe(true);
    document.body.innerHTML = '';
    useCartStore.getState().addItem({
      id: 1,
      name: 'Sugar 1kg',
      sku: 'SUG-1',
      selling_price: '150.00',
      stock_unit: 'piece',
    });
    expect(tillIsBusy()).toBe(true);
  });
});
