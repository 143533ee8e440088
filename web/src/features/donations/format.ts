// Donation times are shown on Korea's clock whatever the browser's zone (the app is Korean).
const dateTime = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'medium' });

export const donationDateTime = (iso: string): string => dateTime.format(new Date(iso));
export const donationDate = (iso: string): string => dateOnly.format(new Date(iso));
