import { isId, newId, randomBase62 } from '../../domain/platform/ids';

describe('ids', () => {
  it('carry their type prefix and a ULID body', () => {
    const id = newId('run');
    expect(id).toMatch(/^run_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(isId('run', id)).toBe(true);
    expect(isId('workflow', id)).toBe(false);
    expect(isId('run', 'run_not-a-ulid')).toBe(false);
  });

  it('sort in creation order, even within one millisecond', () => {
    const ids = Array.from({ length: 500 }, () => newId('workflow'));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('make base62 secrets of the requested length without repeats', () => {
    const secrets = Array.from({ length: 200 }, () => randomBase62(32));
    for (const s of secrets) expect(s).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(new Set(secrets).size).toBe(secrets.length);
  });
});
