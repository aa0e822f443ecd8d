// An address's lines as the shopper reads them (issue 21): the shared addressLines with its labels ('Landmark:',
// 'Mobile:') and the place type in the shopper's language. The receipt and the dashboard keep the English.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addressLines, PLACE_TYPES, type AddressWire } from '@kade/shared';

export function useAddressLines(): (address: Partial<Record<keyof AddressWire, string | null>>) => string[] {
  const { t } = useTranslation();
  return useCallback(
    (address) =>
      addressLines(address, {
        landmark: (landmark) => t('address.landmarkValue', { landmark }),
        mobile: (mobile) => t('address.mobileValue', { mobile }),
        placeType: (type) => ((PLACE_TYPES as readonly string[]).includes(type) ? t(`address.place.${type}`) : type),
      }),
    [t],
  );
}
