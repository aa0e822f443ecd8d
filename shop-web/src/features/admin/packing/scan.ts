// What a scanned code means on the packing screen (issue 33), before anything is sent: a line of the order, a code
// that is no barcode, or a code to look up (another product's, or no product's). The server still decides.
import { barcodeProblem, normalizeBarcode, parseScaleLabel, type OrderLineWire } from '@kade/shared';

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

/**
 * What a scanned code means as a scale label (issue 34). Null when it is none: the order has no weighed line (a
 * shop's own in-store barcodes start 20-29 too, and are read as barcodes), or the code is not 13 digits starting
 * with the pattern's prefix (or the shop's pattern is unreadable). Else a bad check digit; the weighed line whose
 * scale code it carries; or no such line, with the only weighed line when there is one (to send it for, so the
 * server refuses a label for another product and says so, once the code is known to be no product's barcode).
 */
export type ScaleLabelMeaning =
  | { kind: 'checkDigit' }
  | { kind: 'line'; line: OrderLineWire; label: string; grams: number }
  | { kind: 'unmatched'; label: string; grams: number; only: OrderLineWire | null };

export function scaleLabelMeaning(typed: string, lines: readonly OrderLineWire[], pattern: string): ScaleLabelMeaning | null {
  const weighed = lines.filter((line) => line.sellBy === 'WEIGHT' && line.productId !== null);
  if (weighed.length === 0) return null;
  const reading = parseScaleLabel(typed, pattern);
  if (!reading.ok) return reading.problem === 'CHECK_DIGIT' ? { kind: 'checkDigit' } : null;
  const label = typed.replace(/[ -]/g, '');
  const line = weighed.find((l) => l.scaleCode === reading.scaleCode);
  if (line) return { kind: 'line', line, label, grams: reading.grams };
  return { kind: 'unmatched', label, grams: reading.grams, only: weighed.length === 1 ? weighed[0]! : null };
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
