import { describe, expect, it } from 'vitest';
import { apiMethodNames, type ApiEnvelope } from '../../src-shared/api';
import { IPC_CALL_PREFIX, ipcChannels, registerIpcHandlers } from '../../src-main/electron/ipc';
import type { Service } from '../../src-main/service';

describe('Electron IPC handler table', () => {
  it('registers exactly one handler per API method, forwarding to the service', async () => {
    const registered = new Map<string, (event: unknown, args: unknown) => Promise<unknown>>();
    const calls: [string, unknown][] = [];
    const fakeService = {
      dispatch: async (method: string, args: unknown): Promise<ApiEnvelope<unknown>> => {
        calls.push([method, args]);
        return { ok: true, value: method };
      },
    } as unknown as Service;
    const sender = { id: 1 };
    const channels = registerIpcHandlers(
      {
        handle: (channel: string, fn: (event: unknown, args: unknown) => Promise<unknown>) =>
          void registered.set(channel, fn),
      } as never,
      fakeService,
      (event) => event.sender === (sender as never),
    );
    expect([...registered.keys()].sort()).toEqual(apiMethodNames.map((m) => IPC_CALL_PREFIX + m).sort());
    expect(channels.sort()).toEqual(ipcChannels().sort());
    for (const method of apiMethodNames) {
      const reply = await registered.get(IPC_CALL_PREFIX + method)!({ sender }, { x: 1 });
      expect(reply).toEqual({ ok: true, value: method });
    }
    expect(calls.map((c) => c[0])).toEqual(apiMethodNames);
    // A call from another frame is refused without reaching the service.
    const refused = await registered.get(IPC_CALL_PREFIX + 'games.list')!({ sender: { id: 2 } }, {});
    expect(refused).toMatchObject({ ok: false });
    expect(calls).toHaveLength(apiMethodNames.length);
  });
});
