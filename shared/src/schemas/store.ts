// Busy mode and the delivery options' capacities (issue 19): the staff's pause and the admin's Store page.
import { z } from 'zod';
import { CAPACITY_MAX, PAUSE_MAX_MINUTES, PAUSE_SCOPES } from '../ordering';
import { DELIVERY_OPTION_LABELS } from '../pricing';
import { requestBody, wholeNumberField } from './fields';

/** PUT /api/shop/pause: pause all ordering or only the fastest option, for some minutes or until resumed (null). */
export const pauseSchema = requestBody({
  scope: z.enum(PAUSE_SCOPES, { error: `scope must be one of ${PAUSE_SCOPES.join(', ')}` }),
  minutes: z.preprocess((value) => (value === undefined ? null : value), wholeNumberField('minutes', 1, PAUSE_MAX_MINUTES).nullable()),
});
export type PauseInput = z.infer<typeof pauseSchema>;

/** PUT /api/shop/capacity: per delivery option, the most open orders it may hold (null: unlimited). */
export const capacitySchema = requestBody({
  capacities: z.partialRecord(
    z.enum(DELIVERY_OPTION_LABELS, { error: `each delivery option must be one of: ${DELIVERY_OPTION_LABELS.join(', ')}` }),
    wholeNumberField('capacity', 0, CAPACITY_MAX).nullable(),
    { error: 'capacities must be an object of delivery option to a number or null' },
  ),
});
export type CapacityInput = z.infer<typeof capacitySchema>;
