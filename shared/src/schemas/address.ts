// Request bodies of /api/address/* (SPEC.md sections 5 and 7). The wire keeps SPEC.md's field names; the
// messages name each field by what it holds (see ../address.ts): 'landmark is required', not 'state ...'.
import { z } from 'zod';
import { ADDRESS_FIELD_LABELS, PLACE_TYPES } from '../address';
import { isValidMobile, MOBILE_EXACT, MOBILE_REQUIRED } from '../mobile';
import { LATITUDE_MAX, LATITUDE_MIN, LATITUDE_RANGE_MESSAGE, LONGITUDE_MAX, LONGITUDE_MIN, LONGITUDE_RANGE_MESSAGE } from '../zone';
import { idField, optionalShape, optionalText, requestBody, requiredText } from './fields';

const label = (field: keyof typeof ADDRESS_FIELD_LABELS): string => ADDRESS_FIELD_LABELS[field].toLowerCase();

/** The contact mobile (wire `pincode`): 'Mobile number is required', 'Mobile number must be exactly 10 digits'. */
export const contactMobileSchema = z
  .string({ error: (issue) => (issue.input == null ? MOBILE_REQUIRED : MOBILE_EXACT) })
  .trim()
  .min(1, MOBILE_REQUIRED)
  .refine(isValidMobile, MOBILE_EXACT);

/** The place type (wire `mobile`): one of Home, Work, Relative, Other. */
export const placeTypeSchema = z.enum(PLACE_TYPES, {
  error: (issue) =>
    issue.input == null ? `${label('mobile')} is required` : `${label('mobile')} must be one of ${PLACE_TYPES.join(', ')}`,
});

const coordinate = (field: string, min: number, max: number, rangeMessage: string) =>
  z
    .number({ error: (issue) => (issue.input == null ? `${field} is required` : `${field} must be a number`) })
    .min(min, rangeMessage)
    .max(max, rangeMessage);

const latitude = coordinate('latitude', LATITUDE_MIN, LATITUDE_MAX, LATITUDE_RANGE_MESSAGE);
const longitude = coordinate('longitude', LONGITUDE_MIN, LONGITUDE_MAX, LONGITUDE_RANGE_MESSAGE);
const accuracy = z
  .number({ error: 'accuracy must be a number of metres' })
  .min(0, 'accuracy must be 0 or more')
  .max(1_000_000, 'accuracy must be at most 1000000');

const addressName = requiredText(label('address_line'), 100);
// The address is typed in a box of two lines (shop-web address-form.tsx), so it may hold a line break.
const addressText = requiredText(label('city'), 500, { multiLine: true });
const landmark = requiredText(label('state'), 200);
const locationText = optionalText(label('country'), 200);

/**
 * POST /api/address/create: address name, address, landmark, contact mobile (10 digits) and place type are
 * required, and the detected position (latitude -90..90, longitude -180..180; accuracy in metres, 0 or more).
 */
export const addressCreateSchema = requestBody({
  address_line: addressName,
  city: addressText,
  state: landmark,
  pincode: contactMobileSchema,
  mobile: placeTypeSchema,
  country: locationText,
  latitude,
  longitude,
  accuracy: accuracy.optional(),
});
export type AddressCreateInput = z.infer<typeof addressCreateSchema>;

const addressEditFields = {
  address_line: addressName,
  city: addressText,
  state: optionalText(label('state'), 200),
  pincode: contactMobileSchema,
  mobile: placeTypeSchema,
  country: locationText,
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  accuracy: accuracy.optional(),
};

/**
 * PUT /api/address/update from the customer's form: as on create, but the landmark is optional and the
 * position is re-sent only when detected again. `userId` may be sent; the server decides whose address it is.
 */
export const addressUpdateSchema = requestBody({
  _id: idField('address id'),
  userId: z.unknown().optional(),
  ...addressEditFields,
});
export type AddressUpdateInput = z.infer<typeof addressUpdateSchema>;

/**
 * PUT /api/address/update from the admin editor: every field optional (the original checked none), but
 * whatever is sent must still be well-formed.
 */
export const addressAdminUpdateSchema = requestBody({
  _id: idField('address id'),
  userId: z.unknown().optional(),
  ...optionalShape(addressEditFields),
});
export type AddressAdminUpdateInput = z.infer<typeof addressAdminUpdateSchema>;

/** DELETE /api/address/disable. */
export const addressDisableSchema = requestBody({ _id: idField('address id') });
export type AddressDisableInput = z.infer<typeof addressDisableSchema>;
