// Writes the new-order chime that staff screens ring on repeat (shop-web/src/features/admin/ringer/chime.wav):
// a two-tone "ding-dong" (E6 then C6, each a struck tone with two soft overtones and an exponential decay)
// followed by silence, 1.6 s in all, so an <audio loop> plays it about every second and a half.
// 16-bit mono PCM at 16 kHz (the highest overtone, 3 × 1319 Hz, stays under the 8 kHz Nyquist limit): about 50 KB.
// The output is the same bytes on every run; run it again only to change the sound:
//   node scripts/make-chime.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SAMPLE_RATE = 16_000;
const SECONDS = 1.6;
const PEAK = 0.7; // of full scale: loud enough for a busy shop, with headroom

/** The two strikes: when (s), the fundamental (Hz), how loud, and how fast it dies away (time constant, s). */
const STRIKES = [
  { at: 0, frequency: 1318.51, gain: 1, decay: 0.22 },
  { at: 0.38, frequency: 1046.5, gain: 1, decay: 0.32 },
];
/** Overtones of each strike: [multiple of the fundamental, relative loudness]. */
const PARTIALS = [
  [1, 1],
  [2, 0.28],
  [3, 0.08],
];
const ATTACK = 0.004; // s: a short ramp, so the strike does not click

function sample(t) {
  let value = 0;
  for (const strike of STRIKES) {
    const local = t - strike.at;
    if (local < 0) continue;
    const envelope = Math.min(1, local / ATTACK) * Math.exp(-local / strike.decay);
    for (const [multiple, loudness] of PARTIALS) value += strike.gain * loudness * envelope * Math.sin(2 * Math.PI * strike.frequency * multiple * local);
  }
  return value;
}

const count = Math.round(SAMPLE_RATE * SECONDS);
const raw = Float64Array.from({ length: count }, (_, i) => sample(i / SAMPLE_RATE));
// Fade the last 50 ms to silence, so the loop's seam is silent too.
const fade = Math.round(SAMPLE_RATE * 0.05);
for (let i = 0; i < fade; i += 1) raw[count - 1 - i] *= i / fade;
const max = raw.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

const data = Buffer.alloc(count * 2);
raw.forEach((v, i) => data.writeInt16LE(Math.round((v / max) * PEAK * 32767), i * 2));

const header = Buffer.alloc(44);
header.write('RIFF', 0, 'ascii');
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8, 'ascii');
header.write('fmt ', 12, 'ascii');
header.writeUInt32LE(16, 16); // PCM format chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(SAMPLE_RATE, 24);
header.writeUInt32LE(SAMPLE_RATE * 2, 28); // bytes a second
header.writeUInt16LE(2, 32); // bytes a frame
header.writeUInt16LE(16, 34); // bits a sample
header.write('data', 36, 'ascii');
header.writeUInt32LE(data.length, 40);

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'shop-web', 'src', 'features', 'admin', 'ringer', 'chime.wav');
writeFileSync(out, Buffer.concat([header, data]));
console.log(`wrote ${path.relative(process.cwd(), out)} (${44 + data.length} bytes, ${SECONDS} s at ${SAMPLE_RATE} Hz)`);
