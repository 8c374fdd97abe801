import { z } from 'zod';

/** POST /api/payment/create-checkout-session */
export const checkoutRequestSchema = z.object({ priceId: z.string().min(1).max(200) });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** The answer of checkout and portal: the browser goes to `url`. */
export const redirectUrlResponseSchema = z.object({ url: z.string() });
export type RedirectUrlResponse = z.infer<typeof redirectUrlResponseSchema>;

/** DELETE /api/user — the person types this word to confirm. */
export const ACCOUNT_DELETE_CONFIRMATION = 'ELIMINAR';
export const deleteAccountRequestSchema = z.object({ confirmation: z.literal(ACCOUNT_DELETE_CONFIRMATION) });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** Messages the client shows (spec section 8). */
export const CHECKOUT_ERROR = 'Failed to create checkout session';
export const PORTAL_ERROR = 'Failed to create portal session';
export const USAGE_ERROR = 'Failed to fetch usage data';
