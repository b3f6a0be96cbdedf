/** A phone number as a tappable `tel:` link: digits and the leading plus only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
