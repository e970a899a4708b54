/**
 * Where the booking engine, and every rule judged against booking times (captcha windows,
 * no-show strikes, sign-in, evaluations, passes), reads "now"; tests replace `now`.
 */
export const bookingClock = { now: (): number => Date.now() };
