/**
 * The typed in-process client: the same StudioClient the renderer holds, over the service in
 * this process, for the CLI, the benchmarks and the tests. Every call goes through
 * `service.dispatch`, so arguments are checked exactly as the transports check them; an
 * error envelope rejects with an ApiError carrying its code, sentence and fields.
 */
import { ApiError, type StudioClient } from '../src-shared/api';
import type { Service } from './service';

export function localClient(service: Service): StudioClient {
  return {
    transport: 'local',
    async call(name, args) {
      const env = await service.dispatch(name, args);
      if (!env.ok) throw new ApiError(env.error.code, env.error.message, env.error.fields);
      // The service's handler for `name` answered, so the reply is that method's reply type.
      return env.value as never;
    },
    on: (event, handler) => service.on(event, handler),
  };
}
