/** The environment variables of the runtime the client runs on: Node's, Deno's (given --allow-env), or none (a browser). */
export function readEnv(): Record<string, string | undefined> {
  const scope = globalThis as {
    process?: { env?: Record<string, string | undefined> } | undefined;
    Deno?: { env?: { toObject?: () => Record<string, string> } } | undefined;
  };
  if (scope.process?.env) return scope.process.env;
  try {
    return scope.Deno?.env?.toObject?.() ?? {};
  } catch {
    return {}; // Deno without --allow-env
  }
}
