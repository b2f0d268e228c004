// What a person sees of a stored API key: `…` and its last four characters, enough to tell two keys
// apart. A short key gets no hint, since four characters would give away too much of it.
export const HINT_MIN_KEY_LENGTH = 12;

export function apiKeyHint(apiKey: string): string | null {
  return apiKey.length < HINT_MIN_KEY_LENGTH ? null : `…${apiKey.slice(-4)}`;
}
