import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from './alert-dialog';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/** Opened through state from a plain button, as the app's Edit and cart buttons do. */
function StateOpenedDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Add User</Button>
      <Button>Something else</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Add New User</DialogTitle>
          <DialogDescription>Details</DialogDescription>
          <input aria-label="Name" />
        </DialogContent>
      </Dialog>
    </>
  );
}

function StateOpenedAlert() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete</Button>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete user</AlertDialogTitle>
          <AlertDialogDescription>Sure?</AlertDialogDescription>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/** The dialog's action removes the row whose button opened it, as Delete does. */
function RemovingDialog() {
  const [open, setOpen] = useState(false);
  const [rowShown, setRowShown] = useState(true);
  return (
    <main tabIndex={-1} aria-label="Page">
      {rowShown && <Button onClick={() => setOpen(true)}>Delete row</Button>}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Delete</DialogTitle>
          <DialogDescription>Sure?</DialogDescription>
          <Button
            onClick={() => {
              setRowShown(false);
              setOpen(false);
            }}
          >
            Confirm
          </Button>
        </DialogContent>
      </Dialog>
    </main>
  );
}

/** A confirmation over an open dialog whose action removes the button that opened it (Clear Cart). */
function ConfirmInsideDialog() {
  const [confirming, setConfirming] = useState(false);
  const [itemsShown, setItemsShown] = useState(true);
  return (
    <main tabIndex={-1} aria-label="Page">
      <Dialog open>
        <DialogContent>
          <DialogTitle>Your Cart</DialogTitle>
          <DialogDescription>Items</DialogDescription>
          {itemsShown && <Button onClick={() => setConfirming(true)}>Clear Cart</Button>}
        </DialogContent>
      </Dialog>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogTitle>Clear cart?</AlertDialogTitle>
          <AlertDialogDescription>Sure?</AlertDialogDescription>
          <Button
            onClick={() => {
              setItemsShown(false);
              setConfirming(false);
            }}
          >
            Yes, clear it!
          </Button>
        </AlertDialogContent>
      </AlertDialog>
    </main>
  );
}

describe('focus after a dialog closes', () => {
  it('stays in the dialog still open beneath when the opener is gone', async () => {
    render(<ConfirmInsideDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, clear it!' }));
    expect(screen.queryByRole('button', { name: 'Clear Cart' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Your Cart' })).toContainElement(
      document.activeElement as HTMLElement,
    );
  });

  it("goes to the page's <main> when the opener is gone", async () => {
    render(<RemovingDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete row' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('button', { name: 'Delete row' })).toBeNull();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('returns to the button that opened a dialog, on Escape and on the close button', async () => {
    render(<StateOpenedDialog />);
    const opener = screen.getByRole('button', { name: 'Add User' });

    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Add New User' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(opener).toHaveFocus();
  });

  it('returns to the opener of an alert dialog', async () => {
    render(<StateOpenedAlert />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(opener);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(opener).toHaveFocus();
  });
});
