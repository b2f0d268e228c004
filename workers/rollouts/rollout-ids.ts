// Ids of rollout batches (`rb_`) and rollouts (`ro_`): random lowercase base32, like episode ids,
// so an id alone reveals nothing and sorts in no meaningful order but a stable one (keyset paging).
const ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

function randomId(prefix: string, length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return `${prefix}_${[...bytes].map((b) => ID_ALPHABET[b % 32]).join("")}`;
}

export function newRolloutBatchId(): string {
  return randomId("rb", 20);
}

export function newRolloutId(): string {
  return randomId("ro", 20);
}
