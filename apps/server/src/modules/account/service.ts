import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { billingCustomers } from '../../db/schema/billing';
import { sessions, users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { billingProviderOf } from '../../providers/billing/create';
import { findCustomerId } from '../billing/service';

/**
 * Deletes the user's account: cancels the subscriptions first (no charge after deletion), then removes
 * the user, whose rows in every owner-scoped table (sessions, accounts, usage, spaces, deployments)
 * go with it by foreign-key cascade.
 */
export async function deleteAccount(options: { ctx: AppContext; userId: string }): Promise<void> {
  const { ctx, userId } = options;
  const customerId = await findCustomerId({ ctx, userId });
  if (customerId) {
    try {
      await billingProviderOf(ctx).cancelAllSubscriptions(customerId);
    } catch (error) {
      ctx.log.error({ err: error, userId }, 'cancelling subscriptions before account deletion failed');
      throw new AppError('UPSTREAM', 'No se pudieron cancelar tus suscripciones. Inténtalo de nuevo.');
    }
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(billingCustomers).where(eq(billingCustomers.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
  });
}
