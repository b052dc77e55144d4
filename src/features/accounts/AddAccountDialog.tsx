import { useEffect, useRef } from 'react';
import { useAccounts } from '../../flows/accounts/accounts.hooks';
import { AddAccountForm } from './AddAccount';

/**
 * The add-account dialog as the dynamic modal `add_account` (spec 000 §2): its own accounts flow,
 * opened on mount; it closes when the account is made (the flow leaves `adding`) or on Close.
 */
export function AddAccountDialog({ onClose }: { onClose: () => void }) {
  const accounts = useAccounts();
  const { adding, openAdd } = accounts;
  const wasAdding = useRef(false);
  useEffect(() => {
    if (!wasAdding.current && !adding) openAdd();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (adding) wasAdding.current = true;
    else if (wasAdding.current) onClose();
  }, [adding, onClose]);
  return adding ? <AddAccountForm accounts={accounts} onCancel={onClose} /> : null;
}

export default AddAccountDialog;
