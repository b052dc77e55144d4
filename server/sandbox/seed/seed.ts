import type { Db } from '../../db';
import { houseAccount, transfer } from '../../domain/ledger';
import { parseMoney } from '../../../core/money';
import { hashPassword } from '../../domain/passwords';
import { findUserByEmail } from '../../domain/users';
import { createAccount as createPlatformAccount, findAccount as findPlatformAccount } from '../platform/store';
import { demoUsers, type DemoUser } from './demo-users';
import { seedPromoCodes } from './promo-codes';
import { seedPromotions } from './promotions';
import { seedContests } from './contests';
import { loadIdpSecrets } from '../idp/store';
import { recordSandboxAppropriateness } from './appropriateness';

/**
 * Idempotent seed: the demo users, their sandbox platform accounts with the same email and
 * password, and their accounts funded through the ledger from the house account (idempotency
 * keys make a second run change nothing). The first account is mirrored to the platform, so its
 * funding reaches the platform through the outbox.
 */
export async function seed(db: Db): Promise<void> {
  for (const demo of demoUsers) await seedUser(db, demo);
  await seedPromoCodes(db);
  await seedPromotions(db);
  await seedContests(db);
  // the sandbox identity provider's keys are made here, with the rest of the sandbox's data, so
  // that no GET (its sign-in pages) is the first to write them
  await loadIdpSecrets(db);
}

async function seedUser(db: Db, demo: DemoUser): Promise<void> {
  let user = await findUserByEmail(db, demo.email);
  if (!user) {
    await db
      .insertInto('users')
      .values({
        email: demo.email.toLowerCase(),
        password_hash: await hashPassword(demo.password),
        first_name: demo.firstName,
        last_name: demo.lastName,
        country: demo.country,
        currency: demo.currency,
        verification: demo.verification,
        card_risk: demo.cardRisk,
        can_upload: demo.canUpload ?? false,
        current_account_id: null,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    user = await findUserByEmail(db, demo.email);
    if (!user) throw new Error(`seed: could not create ${demo.email}`);
  } else if (demo.canUpload && !user.can_upload) {
    // a sandbox database seeded before verification existed
    await db.updateTable('users').set({ can_upload: true }).where('id', '=', user.id).execute();
  }

  // the platform account opens empty: the seeded deposits reach it through the outbox like any other
  if (!(await findPlatformAccount(db, demo.email))) {
    await createPlatformAccount(db, { login: demo.email, password: demo.password, currency: demo.accounts[0]?.currency ?? demo.currency });
  }

  const accountIds: number[] = [];
  const userId = user.id;
  for (const [i, def] of demo.accounts.entries()) {
    const find = () =>
      db.selectFrom('accounts').select('id').where('user_id', '=', userId).where('currency', '=', def.currency).where('type', '=', def.type).orderBy('id').executeTakeFirst();
    let found = await find();
    if (!found) {
      // two instances seeding an empty database at once: a unique index lets one insert win (user,
      // currency and type for trading and exchange accounts; the platform login for the first
      // account, which covers the demo one), the other does nothing and finds the winner's row
      await db
        .insertInto('accounts')
        .values({
          user_id: userId,
          currency: def.currency,
          type: def.type,
          account_group: def.type === 'demo' ? 'demo' : 'standard',
          // the first account is the one on the trading platform
          platform_login: i === 0 ? demo.email.toLowerCase() : null,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      found = await find();
      if (!found) throw new Error(`seed: could not create the ${def.currency} ${def.type} account of ${demo.email}`);
    }
    const id = found.id;
    accountIds.push(id);
    const amount = parseMoney(def.amount, def.currency);
    if (amount > 0n) {
      await transfer(db, {
        kind: def.type === 'demo' ? 'demo_credit' : 'deposit',
        idempotencyKey: `seed:${demo.email}:${def.currency}:${def.type}`,
        debitAccountId: await houseAccount(db, def.currency),
        creditAccountId: id,
        amountMinor: amount,
        currency: def.currency,
        meta: { source: 'seed' },
      });
    }
  }
  if (user.current_account_id === null && accountIds.length > 0) {
    await db.updateTable('users').set({ current_account_id: accountIds[0] }).where('id', '=', user.id).where('current_account_id', 'is', null).execute();
  }
  // the seeded traders have passed the appropriateness questionnaire (issue 30 §6), once
  const answered = await db.selectFrom('appropriateness_tests').select('id').where('user_id', '=', userId).executeTakeFirst();
  if (!answered) await recordSandboxAppropriateness(db, userId, 'passed');
}
