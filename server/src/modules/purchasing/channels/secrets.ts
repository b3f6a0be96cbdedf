import { SecretBox, loadSecretsKey } from '../../../shared/secret-box.ts';

/**
 * The secret box of the suppliers' API passwords (decision 0047): SECRETS_KEY, or the key kept in
 * DATA_DIR/secrets.key, read once per process and setting.
 */
const boxes = new Map<string, Promise<SecretBox>>();

export function secretBoxFor(settings: { secretsKey: string | undefined; dataDir: string }): Promise<SecretBox> {
  const id = `${settings.dataDir}\u0000${settings.secretsKey ?? ''}`;
  let box = boxes.get(id);
  if (!box) {
    box = loadSecretsKey(settings).then((key) => new SecretBox(key));
    // A failed load (a bad key file) is tried again next time, not remembered.
    box.catch(() => boxes.delete(id));
    boxes.set(id, box);
  }
  return box;
}
