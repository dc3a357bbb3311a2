/**
 * The till's "nothing found" beep (issue 20): a short low tone through Web Audio, so a cashier
 * scanning without looking hears that nothing was added. One AudioContext is made on the first
 * beep (after a key press, so the browser lets it play) and reused.
 */
let context: AudioContext | null = null;

const FREQUENCY_HZ = 440;
const LENGTH_S = 0.18;

export function beep(): void {
  try {
    const Context = window.AudioContext as typeof AudioContext | undefined;
    if (!Context) return;
    context ??= new Context();
    const now = context.currentTime;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = FREQUENCY_HZ;
    // A quick fade out: a square wave cut off dead clicks.
    gain.gain.setValueAtTime(0.15, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + LENGTH_S);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now);
    oscillator.stop(now + LENGTH_S);
  } catch {
    // No sound device or audio refused: the message on screen still says it.
  }
}
