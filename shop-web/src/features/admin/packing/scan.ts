// What a scanned code means on the packing screen (issue 33), before anything is sent: a line of the order, a code
// that is no barcode, or a code to look up (another product's, or no product's). The server still decides.
import { barcodeProblem, normalizeBarcode, type OrderLineWire } from '@kade/shared';

export type ScanMeaning =
  | { kind: 'line'; line: OrderLineWire; code: string }
  | { kind: 'invalid'; problem: 'shape' | 'checkDigit' }
  | { kind: 'elsewhere'; code: string };

/** The line whose product has this code, else why the code is no barcode, else that it must be looked up. */
export function scanMeaning(typed: string, lines: readonly OrderLineWire[]): ScanMeaning {
  const code = normalizeBarcode(typed);
  if (code === null) return { kind: 'invalid', problem: barcodeProblem(typed) ?? 'shape' };
  const line = lines.find((l) => l.barcode === code && l.productId !== null);
  return line ? { kind: 'line', line, code } : { kind: 'elsewhere', code };
}

/** True when a key press lands in a place that takes typing (so the page's scanner listener leaves it alone). */
export function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** A short low beep for a refused scan (Web Audio); silent where the browser has no audio. */
export function refusalBeep(): void {
  try {
    const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    const audio = new Context();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = 'square';
    tone.frequency.value = 220;
    gain.gain.value = 0.15;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.18);
    tone.onended = () => void audio.close();
  } catch {
    // no sound: the message still says it
  }
}
