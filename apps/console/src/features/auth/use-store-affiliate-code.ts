// Keeps an affiliate code from the query string (?aff=) in the local store for a later registration.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { StorageKeys, writeString } from '../../lib/storage';

/** Stores `?aff=` under `aff` whenever it is present. */
export function useStoreAffiliateCode(): void {
  const [params] = useSearchParams();
  const affiliateCode = params.get('aff');
  useEffect(() => {
    if (affiliateCode) writeString(StorageKeys.affiliateCode, affiliateCode);
  }, [affiliateCode]);
}
