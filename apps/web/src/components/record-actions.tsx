import { Button, Group, type MantineColor, Menu, Modal, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useNotify } from './notices';

/** A question asked before an action runs: 'Delete customer Acme Plumbing?'. */
export interface Confirmation {
  question: string;
  /** Under the question; 'This cannot be undone.' when absent. */
  detail?: string;
  /** The button that goes ahead; the action's label when absent. */
  confirmLabel?: string;
}

interface ActionBase {
  label: string;
  color?: MantineColor;
  disabled?: boolean;
  /** Running: its button (or the menu's) shows a spinner. */
  busy?: boolean;
}

/** What a command is given when it runs: a way to confirm what it did ('Item PL-CALLOUT deleted.'). */
export interface ActionContext {
  notify: (text: string) => void;
}

/** A viewer's action: a link (Edit, Copy to invoice) or something to do (a status change, PDF, Delete). */
export type RecordAction =
  | (ActionBase & { to: string })
  | (ActionBase & { onClick: (context: ActionContext) => void; confirm?: Confirmation });

type CommandAction = Extract<RecordAction, { onClick: (context: ActionContext) => void }>;

interface RecordActionsProps {
  /** Shown as buttons, the first one as the main button (Edit, then status buttons, PDF). */
  buttons?: readonly RecordAction[];
  /** Shown in the menu (Copy to invoice, Delete). */
  menu?: readonly RecordAction[];
  menuLabel?: string;
}

/** A viewer's buttons and Actions menu; an action with `confirm` asks first, in a dialog. */
export function RecordActions({ buttons = [], menu = [], menuLabel = 'Actions' }: RecordActionsProps) {
  const [asking, setAsking] = useState<CommandAction | null>(null);
  const menuTarget = useRef<HTMLButtonElement>(null);
  // Where the keyboard goes back to when the question closes: the button that asked, or the Actions
  // button for a menu item (the item itself is gone with the menu).
  const askedFrom = useRef<HTMLElement | null>(null);
  const notify = useNotify();
  const run = (action: CommandAction, from: HTMLElement | null) => {
    if (!action.confirm) return action.onClick({ notify });
    askedFrom.current = from;
    setAsking(action);
  };

  useEffect(() => {
    if (asking === null && askedFrom.current) {
      askedFrom.current.focus();
      askedFrom.current = null;
    }
  }, [asking]);

  return (
    <Group gap="xs">
      {buttons.map((action, index) => {
        const look = {
          variant: index === 0 ? 'filled' : 'default',
          color: action.color,
          disabled: action.disabled,
        };
        return 'to' in action ? (
          <Button key={action.label} component={Link} to={action.to} {...look}>
            {action.label}
          </Button>
        ) : (
          <Button
            key={action.label}
            loading={action.busy}
            onClick={(event) => run(action, event.currentTarget)}
            {...look}
          >
            {action.label}
          </Button>
        );
      })}
      {menu.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              ref={menuTarget}
              variant="default"
              loading={menu.some((action) => action.busy)}
              rightSection={<span aria-hidden="true">▾</span>}
            >
              {menuLabel}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {menu.map((action) =>
              'to' in action ? (
                <Menu.Item key={action.label} component={Link} to={action.to} disabled={action.disabled}>
                  {action.label}
                </Menu.Item>
              ) : (
                <Menu.Item
                  key={action.label}
                  // Not `color`: its hover background (shade 2) leaves the text under 4.5:1.
                  c={action.color && `${action.color}.9`}
                  disabled={action.disabled}
                  onClick={() => run(action, menuTarget.current)}
                >
                  {action.label}
                </Menu.Item>
              ),
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking?.confirm?.question}
        centered
        returnFocus={false}
      >
        <Text mb="lg">{asking?.confirm?.detail ?? 'This cannot be undone.'}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(null)}>
            Cancel
          </Button>
          <Button
            color={asking?.color}
            onClick={() => {
              asking?.onClick({ notify });
              setAsking(null);
            }}
          >
            {asking?.confirm?.confirmLabel ?? asking?.label}
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}

/** The Edit button of a viewer. */
export function editAction(to: string): RecordAction {
  return { label: 'Edit', to };
}

interface DeleteActionInput {
  /** Names the record: 'Delete customer Acme Plumbing?'. */
  question: string;
  deletion: Pick<UseMutationResult<void, Error, void>, 'mutate' | 'isPending'>;
  /** After the record is gone: usually, back to the list. */
  onDeleted: () => void;
  label?: string;
  /** The confirmation once it is gone; by default the question's record: 'Customer Acme Plumbing deleted.'. */
  deletedNotice?: string;
}

/** 'Delete customer Acme Plumbing?' is done: 'Customer Acme Plumbing deleted.'. */
function deletedNoticeOf(question: string): string {
  const record = /^Delete (.+?)\??$/s.exec(question.trim())?.[1];
  return record ? `${record.charAt(0).toUpperCase()}${record.slice(1)} deleted.` : 'Deleted.';
}

/** Delete, in red, asking first; once it is gone, a notice says so. */
export function deleteAction({
  question,
  deletion,
  onDeleted,
  label = 'Delete',
  deletedNotice = deletedNoticeOf(question),
}: DeleteActionInput): RecordAction {
  return {
    label,
    color: 'red',
    busy: deletion.isPending,
    confirm: { question, confirmLabel: label },
    onClick: ({ notify }) =>
      deletion.mutate(undefined, {
        onSuccess: () => {
          notify(deletedNotice);
          onDeleted();
        },
      }),
  };
}
