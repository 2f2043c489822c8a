/**
 * The typed in-process client: the same StudioClient the renderer holds, over the service in
 * this process, for the CLI, the benchmarks and the tests. Every call goes through
 * `service.dispatch`, so arguments are checked exactly as the transports check them; an
 * error envelope rejects with an ApiError carrying its code, sentence and fields.
 */
import { ApiError, type ApiMethodName, type ApiReply, type StudioClient } from '../src-shared/api';
import type { Service } from './service';

export function localClient(service: Service): StudioClient {
  // `call` and `submit` differ only in what the compiler lets through.
  const send = async <K extends ApiMethodName>(name: K, args: unknown): Promise<ApiReply<K>> => {
    const env = await service.dispatch(name, args);
    if (!env.ok) throw new ApiError(env.error.code, env.error.message, env.error.fields);
    // The service's handler for `name` answered, so the reply is that method's reply type.
    return env.value as ApiReply<K>;
  };
  return {
    transport: 'local',
    call: send,
    submit: send,
    on: (event, handler) => service.on(event, handler),
  };
}
