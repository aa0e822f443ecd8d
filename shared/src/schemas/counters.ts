// The counter app's heartbeat (DESIGN.md section 9): it reports itself and its printer; admins see which
// counters and printers are online and when each last answered.
import { z } from 'zod';
import { idField, nameField, optionalText, requestBody, wholeNumberField } from './fields';

/** How often a counter app reports itself. */
export const HEARTBEAT_INTERVAL_SECONDS = 20;
/** A counter not heard from for this long is shown offline. */
export const COUNTER_ONLINE_SECONDS = 60;

export const PRINTER_STATES = ['connected', 'offline', 'error', 'not-configured'] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

/** POST /api/counters/heartbeat (staff): who is reporting, and how its printer is. */
export const counterHeartbeatSchema = requestBody({
  counterId: idField('counter id'),
  name: nameField('counter name', 60),
  printer: z.enum(PRINTER_STATES, { error: `printer must be one of ${PRINTER_STATES.join(', ')}` }),
  printerError: optionalText('printer error', 300),
  queued: wholeNumberField('queued jobs', 0, 100_000),
  appVersion: optionalText('app version', 40),
});
export type CounterHeartbeatInput = z.infer<typeof counterHeartbeatSchema>;
