import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

/** The module afresh: the role it knows is module state, which other test files in this worker may have set. */
async function freshModule() {
  vi.resetModules();
  return import('./screen-access');
}

const args = { params: {}, request: new Request('http://localhost/settings/users') } as LoaderFunctionArgs;

/** The loader of one screen needing `capability`, as `requiring` makes it, and the loader it wraps. */
function screenLoader(
  requiring: Awaited<ReturnType<typeof freshModule>>['requiring'],
  capability: 'users' | 'today',
) {
  const own = vi.fn(() => null);
  const [route] = requiring({ capability, title: 'A screen' }, [{ path: '/screen', loader: own }]);
  const loader = route?.loader as LoaderFunction;
  return { run: () => loader(args), own };
}

// One module's role, read in order: unknown, then a Technician's, then an Owner's.
describe('a screen’s loader under requiring', () => {
  it('waits for the role, then starts the reads only for a role that may use the screen', async () => {
    const { requiring, rememberRole } = await freshModule();
    const users = screenLoader(requiring, 'users');
    const today = screenLoader(requiring, 'today');
    // Before the role is known: a screen every member may use loads at once; an Owner's screen waits.
    expect(await users.run()).toBeNull();
    await today.run();
    expect(today.own).toHaveBeenCalledTimes(1);
    expect(users.own).not.toHaveBeenCalled();

    // A Technician may not use Users: the waiting loader never runs, nor does a later visit's.
    rememberRole('TECHNICIAN');
    await users.run();
    expect(users.own).not.toHaveBeenCalled();

    // An Owner's visit reads at once.
    rememberRole('OWNER');
    await users.run();
    expect(users.own).toHaveBeenCalledTimes(1);
  });

  it('runs a loader that waited once an Owner’s role is read', async () => {
    const fresh = await freshModule();
    const own = vi.fn(() => null);
    const [route] = fresh.requiring({ capability: 'users', title: 'Users' }, [
      { path: '/users', loader: own },
    ]);
    const loader = route?.loader as LoaderFunction;
    await loader(args);
    expect(own).not.toHaveBeenCalled();
    fresh.rememberRole('OWNER');
    expect(own).toHaveBeenCalledTimes(1);
  });
});
