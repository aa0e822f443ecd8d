// The new-order sound: a short two-tone beep made with Web Audio (no sound file to download).
let context: AudioContext | null = null;

/** Plays one beep. Browsers may keep audio muted until the page has been clicked; then it stays silent. */
export function beep(): void {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    for (const [offset, frequency] of [[0, 880], [0.22, 1175]] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.21);
    }
  } catch {
    // no audio on this device: the on-screen alert still shows
  }
}
