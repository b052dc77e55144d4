import { AddDestinationRequest, AddressBook, ConfirmDestinationRequest, ConfirmedDestination, RemoveDestinationRequest, SavedOnlyRequest } from '../../core/contract/address-book';
import { addDestination, addressBookOf, confirmDestination, removeDestination, setSavedOnly } from '../domain/withdrawals/address-book';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/**
 * The withdrawal address book (issue 31 §6; contract core/contract/address-book.ts, domain
 * server/domain/withdrawals/address-book.ts). The trader's own book; the confirmation needs only
 * the emailed link; the POSTs carry the CSRF header.
 */
export const addressBookRoutes: RoutePlugin<RouteDeps> = async (app, { db, ports, config }) => {
  const hold = config.addressHoldMs;

  app.get('/api/withdrawal/destinations', { schema: api(TAGS.withdrawal, 'Address book: the trader’s saved destinations and “only to saved”', { response: AddressBook }) }, async (request): Promise<AddressBook> => {
    return addressBookOf(db, requireUser(request), hold, new Date());
  });

  app.post(
    '/api/withdrawal/destinations',
    { schema: api(TAGS.withdrawal, 'Address book: save a destination (usable after its emailed confirmation and the hold)', { body: AddDestinationRequest, response: AddressBook }) },
    async (request): Promise<AddressBook> => {
      const userId = requireUser(request);
      await addDestination(db, userId, request.body, { messenger: ports.messenger, siteUrl: config.siteUrl }, new Date());
      return addressBookOf(db, userId, hold, new Date());
    },
  );

  app.post('/api/withdrawal/destinations/remove', { schema: api(TAGS.withdrawal, 'Address book: remove a destination', { body: RemoveDestinationRequest, response: AddressBook }) }, async (request): Promise<AddressBook> => {
    const userId = requireUser(request);
    await removeDestination(db, userId, request.body.id, new Date());
    return addressBookOf(db, userId, hold, new Date());
  });

  app.post(
    '/api/withdrawal/destinations/saved_only',
    { schema: api(TAGS.withdrawal, 'Address book: withdraw only to saved destinations (on at once; off after the hold)', { body: SavedOnlyRequest, response: AddressBook }) },
    async (request): Promise<AddressBook> => {
      const userId = requireUser(request);
      await setSavedOnly(db, userId, request.body.on, hold, new Date());
      return addressBookOf(db, userId, hold, new Date());
    },
  );

  app.post(
    '/api/withdrawal/destinations/confirm',
    { schema: api(TAGS.withdrawal, 'Address book: confirm a destination from the emailed link', { body: ConfirmDestinationRequest, response: ConfirmedDestination }) },
    async (request): Promise<ConfirmedDestination> => confirmDestination(db, request.body.token, hold, new Date()),
  );
};
